import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { AssistantMessage, ChatSession } from '../../src/index.js';
import type { LazyPart, PartControls } from './parts-view.js';

/*
 * The parts of a reply that most replies do not have, drawn by a module of their own (parts-view.ts; beside the IIFE,
 * a file loaded with the first such part), so that a chat whose agent never sends one pays nothing for them: what the
 * agent asks (a tool approval, an interrupt: answers-view.ts), the sources and files it cites (sources-view.ts), and a
 * Visual Tour (tour.ts).
 */

export interface PartsHostElement extends ReactiveControllerHost, HTMLElement {
  readonly session: ChatSession;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class LazyParts {
  readonly #host: PartsHostElement;
  readonly #announce: (text: string) => void;
  #controls: PartControls | null = null;
  #loading: Promise<void> | null = null;
  #failed = false;
  /** Changes when the module loads or a question expires: the transcript's guards draw its messages again then. */
  version = 0;

  constructor(host: PartsHostElement, announce: (text: string) => void) {
    this.#host = host;
    this.#announce = announce;
  }

  /** The loading of the module, while it loads. */
  get loading(): Promise<void> | null {
    return this.#controls || this.#failed ? null : this.#loading;
  }

  readonly #redraw = (): void => {
    this.version++;
    this.#host.requestUpdate();
  };

  /**
   * A part the module draws, or at a tool call what the agent asks about it (its approval, an interrupt); until the
   * module has loaded, a line saying so (or that it could not be loaded); nothing at a tool call that asks nothing.
   */
  render(message: AssistantMessage, part: LazyPart): TemplateResult | typeof nothing {
    if (this.#controls) return this.#controls.render(message, part);
    // An approval only where the user may answer it (elsewhere the tool's state says it waits); interrupts always.
    if (part !== 'debug' && part.type === 'dynamic-tool' && (part.state !== 'approval-requested' || !this.#host.session.answerable) && !message.parts.some((p) => p.type === 'data-mantis-interrupt')) return nothing;
    this.#loading ??= import('./parts-view.js')
      .then(
        (view) => void (this.#controls = new view.PartControls(this.#host, this.#redraw, this.#announce)),
        () => void (this.#failed = true),
      )
      .finally(this.#redraw);
    return html`<p part="question-loading" class="muted" role="status">${this.#failed ? 'This part could not be loaded.' : 'Loading…'}</p>`;
  }
}
