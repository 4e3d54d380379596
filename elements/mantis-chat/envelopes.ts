import { ContextProvider } from '@lit/context';
import { html, nothing, render, type ReactiveController, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ArtifactSource, AssistantMessage, ChatSession, EnvelopePart, MapAdapter } from '../../src/index.js';
import { chatPort, type ChatPort } from '../internal/chat-context.js';
// Defines <agent-envelope> (its code loads when the first one connects).
import '../agent-envelope/agent-envelope.js';

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
}

/** The port providers of the canvases chats drew into (a context provider cannot be taken off an element). */
const providers = new WeakMap<HTMLElement, ContextProvider<typeof chatPort>>();

/** Where an envelope asks to be shown, as the core's check found it (null: it failed its check, and falls back in place). */
const surfaceOf = (part: EnvelopePart): string | null => (part.data.check.ok ? part.data.check.surface : null);
const titleOf = (part: EnvelopePart): string => (part.data.check.ok ? part.data.check.title : 'Agent panel');

/**
 * A chat's agent-ui@1 envelopes, which arrive as envelope parts of their messages (checked by the core): drawn in
 * place, or opened in the artifact panel (side_panel, as they arrive live), or drawn into the canvas the page handed
 * over. Each `<agent-envelope>` reports how it rendered through the chat's port; the chat provides that port on the
 * canvas too.
 */
export class EnvelopesController implements ReactiveController {
  readonly #host: EnvelopeHost;
  readonly #port: () => ChatPort;
  #canvas: { readonly element: HTMLElement; readonly provider: ContextProvider<typeof chatPort> } | null = null;
  /** Side-panel envelopes already opened (or seen on replay): each opens once, as it arrives. */
  readonly #opened = new Set<string>();
  #toOpen: Array<{ readonly message: AssistantMessage; readonly part: EnvelopePart }> = [];

  constructor(host: EnvelopeHost, port: () => ChatPort) {
    this.#host = host;
    this.#port = port;
    host.addController(this);
  }

  hostConnected(): void {
    // Put back after a move: the canvas it emptied is drawn again.
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#setCanvas(null);
  }

  hostUpdated(): void {
    const open = this.#toOpen;
    this.#toOpen = [];
    for (const { message, part } of open) this.#openSide(message, part);
    this.#renderCanvas();
  }

  /** Opens a side_panel envelope in the artifact panel (through the port, so the page may show it itself). */
  #openSide(message: AssistantMessage, part: EnvelopePart): void {
    const source: ArtifactSource = {
      node: { id: part.id, type: 'artifact', title: titleOf(part), format: 'json', content: JSON.stringify(part.data.entry.envelope) },
      viewId: 'agent-ui',
      messageId: message.id,
      envelope: {
        envelopeId: part.id,
        agentUiUrl: this.base,
        sessionId: part.data.sessionId,
        registryScope: this.#host.session,
        ...(this.#host.agentUiHeaders ? { headers: this.#host.agentUiHeaders } : {}),
      },
    };
    this.#port().openArtifact(source);
  }

  /** The agent-ui base URL, or '' when neither `agent-ui-url` nor a Composer URL gives one (the session's configuration). */
  get base(): string {
    return this.#host.session.agentUiBase;
  }

  #surfaces: EnvelopeSurfaces | null = null;

  /** What envelopes are drawn with: the same object until one of its values changes. */
  surfaces(): EnvelopeSurfaces {
    const [base, scope, mapAdapter, headers, canvas] = [this.base, this.#host.session, this.#host.mapAdapter, this.#host.agentUiHeaders, this.#host.canvas !== null];
    const last = this.#surfaces;
    if (last?.base === base && last.scope === scope && last.mapAdapter === mapAdapter && last.headers === headers && last.canvas === canvas) return last;
    const provided = ['chat_inline', 'side_panel', ...(canvas ? ['canvas'] : []), ...(mapAdapter ? ['map_overlay'] : [])];
    return (this.#surfaces = { base, scope, mapAdapter, headers, canvas, provided });
  }

  /**
   * An envelope part in the transcript: chat_inline (and one that failed its check, which falls back in place) and
   * map_overlay (a line saying what the map did) render in place; side_panel and canvas show a short line saying where
   * they went, or, with no such surface on the page, a notice in their place.
   */
  render(message: AssistantMessage, part: EnvelopePart, ctx: EnvelopeSurfaces): TemplateResult {
    const surface = surfaceOf(part);
    if (surface === 'side_panel' && !this.#opened.has(part.id)) {
      this.#opened.add(part.id);
      // One that arrived now opens at once; a replayed one waits for its Show button.
      if (this.#host.session.thread.arrivedLive(message.id)) this.#toOpen.push({ message, part });
    }
    if (surface === 'side_panel' || (surface === 'canvas' && ctx.canvas)) {
      const title = titleOf(part);
      const where = surface === 'side_panel' ? 'the side panel' : 'the canvas';
      const open = surface === 'side_panel' ? () => this.#openSide(message, part) : null;
      return html`<p part="envelope-elsewhere" class="envelope-elsewhere">
        <span>${title}: shown in ${where}.</span>
        ${open ? html`<button type="button" class="link" aria-label=${`Show ${title} in the side panel`} @click=${open}>Show</button>` : nothing}
      </p>`;
    }
    return envelopeElement(part, ctx, ctx.provided);
  }

  /** Draws the conversation's canvas envelopes into the page's canvas (after each chat update). */
  #renderCanvas(): void {
    const canvas = this.#host.canvas;
    this.#setCanvas(canvas);
    if (!canvas) return;
    const ctx = this.surfaces();
    const parts = this.#host.session.messages.flatMap((m) =>
      m.role === 'assistant' ? m.parts.filter((p): p is EnvelopePart => p.type === 'data-mantis-envelope' && surfaceOf(p) === 'canvas') : [],
    );
    render(html`${repeat(parts, (part) => part.id, (part) => envelopeElement(part, ctx, null))}`, canvas);
  }

  #setCanvas(canvas: HTMLElement | null): void {
    if (this.#canvas?.element === canvas) return;
    if (this.#canvas) {
      render(nothing, this.#canvas.element);
      this.#canvas.provider.setValue(undefined);
    }
    if (!canvas) {
      this.#canvas = null;
      return;
    }
    // The canvas is the page's, outside the chat: the port is provided there too, for the envelopes drawn into it.
    let provider = providers.get(canvas);
    if (!provider) providers.set(canvas, (provider = new ContextProvider(canvas, { context: chatPort, initialValue: undefined })));
    provider.setValue(this.#port());
    this.#canvas = { element: canvas, provider };
  }

  /** The port changed (another session, another media service): the canvas's envelopes see the new one. */
  portChanged(): void {
    this.#canvas?.provider.setValue(this.#port());
  }
}

/** One `<agent-envelope>` for an envelope part; `surfaces` lists what the page provides (null: render it whatever it asks). */
function envelopeElement(part: EnvelopePart, ctx: EnvelopeSurfaces, surfaces: readonly string[] | null): TemplateResult {
  return html`<agent-envelope
    part="envelope"
    envelope-id=${part.id}
    agent-ui-url=${ctx.base}
    session-id=${part.data.sessionId}
    .envelope=${part.data.entry.envelope}
    .createdAt=${part.data.entry.createdAt}
    .registryScope=${ctx.scope}
    .mapAdapter=${ctx.mapAdapter}
    .agentUiHeaders=${ctx.headers}
    .surfaces=${surfaces}
  ></agent-envelope>`;
}
