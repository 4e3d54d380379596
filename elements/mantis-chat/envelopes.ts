import { html, type ReactiveController, type TemplateResult } from 'lit';
import type { AssistantMessage, ChatSession, EnvelopePart, MapAdapter } from '../../src/index.js';
import type { ChatPort } from '../internal/chat-context.js';
import type { EnvelopesView } from './envelopes-view.js';

/** What the chat's envelopes need from the element. */
export interface EnvelopeHost extends HTMLElement {
  readonly session: ChatSession;
  readonly mapAdapter: MapAdapter | null;
  readonly agentUiHeaders: (() => Record<string, string>) | null;
  readonly canvas: HTMLElement | null;
  readonly updateComplete: Promise<boolean>;
  addController(controller: ReactiveController): void;
  requestUpdate(): void;
}

/** Where a chat shows envelopes, for the timeline: the same object until one of its values changes. */
export interface EnvelopeSurfaces {
  /** The agent-ui base URL (`agent-ui-url`, else the Composer URL's host). */
  readonly base: string;
  /** What the server registry is cached under: the chat's session. */
  readonly scope: ChatSession;
  readonly mapAdapter: MapAdapter | null;
  /** Headers of the registry and render_ref requests. */
  readonly headers: (() => Record<string, string>) | null;
  /** Whether the page handed over a canvas. */
  readonly canvas: boolean;
  /** The surfaces the page provides, for `<agent-envelope surfaces>` (one array per combination, so it never looks changed). */
  readonly provided: readonly string[];
  /** Whether the code that draws envelopes is here (a new object when it comes, so the transcript draws them again). */
  readonly drawn: boolean;
}

/** What an envelope reports when the chat's code for envelopes could not be loaded. */
const UNLOADED = 'The agent UI element could not be loaded.';

const isCanvasEnvelope = (part: { readonly type: string }): boolean => {
  const check = part.type === 'data-mantis-envelope' ? (part as EnvelopePart).data.check : null;
  return check?.ok === true && check.surface === 'canvas';
};

/**
 * A chat's agent-ui@1 envelopes, which arrive as envelope parts of their messages (checked by the core). The code
 * that draws them (envelopes-view.ts) loads with the conversation's first envelope, or with a canvas that has one to
 * show, so that a chat whose agent never sends one pays nothing for it; until then an envelope's place says it is
 * loading, and if the code cannot be loaded it says so and each envelope reports `error` once, as an
 * `<agent-envelope>` whose code could not be loaded does.
 */
export class EnvelopesController implements ReactiveController {
  readonly #host: EnvelopeHost;
  readonly #port: () => ChatPort;
  #view: EnvelopesView | null = null;
  #loading: Promise<void> | null = null;
  #failed = false;
  /** The envelopes that said they could not be drawn (each says it once), and those to say it after this render. */
  readonly #reported = new Set<string>();
  #toReport: string[] = [];
  #surfaces: EnvelopeSurfaces | null = null;

  constructor(host: EnvelopeHost, port: () => ChatPort) {
    this.#host = host;
    this.#port = port;
    host.addController(this);
  }

  /** The loading of the code that draws envelopes, while it loads. */
  get loading(): Promise<void> | null {
    return this.#view || this.#failed ? null : this.#loading;
  }

  hostUpdated(): void {
    const report = this.#toReport;
    this.#toReport = [];
    for (const id of report) this.#port().setEnvelopeStatus(id, 'error', UNLOADED);
    if (this.#view || this.#loading || !this.#host.canvas) return;
    if (this.#host.session.messages.some((m) => m.role === 'assistant' && m.parts.some(isCanvasEnvelope))) this.#load();
  }

  #load(): void {
    this.#loading ??= import('./envelopes-view.js').then(
      (module) => {
        this.#view = new module.EnvelopesView(this.#host, this.#port, () => this.surfaces());
        this.#host.requestUpdate();
      },
      (error: unknown) => {
        console.warn('[mantis-ui] The chat could not load the code that draws agent UI envelopes:', error);
        this.#failed = true;
        this.#host.requestUpdate();
      },
    );
  }

  /** What envelopes are drawn with: the same object until one of its values changes. */
  surfaces(): EnvelopeSurfaces {
    const host = this.#host;
    const [base, scope, mapAdapter, headers, canvas, drawn] = [host.session.agentUiBase, host.session, host.mapAdapter, host.agentUiHeaders, host.canvas !== null, this.#view !== null];
    const last = this.#surfaces;
    if (last?.base === base && last.scope === scope && last.mapAdapter === mapAdapter && last.headers === headers && last.canvas === canvas && last.drawn === drawn) return last;
    const provided = ['chat_inline', 'side_panel', ...(canvas ? ['canvas'] : []), ...(mapAdapter ? ['map_overlay'] : [])];
    return (this.#surfaces = { base, scope, mapAdapter, headers, canvas, provided, drawn });
  }

  /** An envelope part in the transcript: drawn by the view once it is here. */
  render(message: AssistantMessage, part: EnvelopePart, ctx: EnvelopeSurfaces): TemplateResult {
    if (this.#view) return this.#view.render(message, part, ctx);
    if (!this.#failed) {
      this.#load();
      return html`<p part="envelope-loading" class="muted" role="status">Loading…</p>`;
    }
    if (!this.#reported.has(part.id)) {
      this.#reported.add(part.id);
      this.#toReport.push(part.id);
    }
    return html`<p part="fallback" role="note" data-reason="render-failed">This content could not be drawn.</p>`;
  }

  /** The port changed (another session, another media service): the canvas's envelopes see the new one. */
  portChanged(): void {
    this.#view?.portChanged();
  }
}
