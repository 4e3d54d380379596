import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { AssistantMessage, ChatSession, InterruptPart, ToolPart } from '../../src/index.js';
import type { QuestionControls } from './answers-view.js';

/*
 * Where the transcript draws what an agent asks in a reply (a tool approval, an interrupt): the controls to answer it
 * are a module of their own (answers-view.ts; beside the IIFE, a file loaded with the first question), so a chat whose
 * agent never asks pays nothing for them.
 */

export interface QuestionsHostElement extends ReactiveControllerHost, HTMLElement {
  readonly session: ChatSession;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class QuestionsController {
  readonly #host: QuestionsHostElement;
  readonly #announce: (text: string) => void;
  #controls: QuestionControls | null = null;
  #loading: Promise<void> | null = null;
  #failed = false;
  /** Changes when the controls load or a question expires: the transcript's guards draw its messages again then. */
  version = 0;

  constructor(host: QuestionsHostElement, announce: (text: string) => void) {
    this.#host = host;
    this.#announce = announce;
  }

  readonly #redraw = (): void => {
    this.version++;
    this.#host.requestUpdate();
  };

  /**
   * What the agent asks at a tool call (its approval, an interrupt about it) or in an interrupt of the message: the
   * controls to answer it, or a line saying they are loading (or could not be loaded); nothing when it asks nothing.
   */
  render(message: AssistantMessage, part: ToolPart | InterruptPart): TemplateResult | typeof nothing {
    if (this.#controls) return this.#controls.render(message, part);
    if (part.type === 'dynamic-tool' && part.state !== 'approval-requested' && !message.parts.some((p) => p.type === 'data-mantis-interrupt')) return nothing;
    this.#loading ??= import('./answers-view.js')
      .then(
        (view) => void (this.#controls = new view.QuestionControls(this.#host, this.#redraw, this.#announce)),
        () => void (this.#failed = true),
      )
      .finally(this.#redraw);
    return html`<p part="question-loading" class="muted" role="status">${this.#failed ? 'The agent asks something, but this page could not load what answers it.' : 'Loading…'}</p>`;
  }
}
