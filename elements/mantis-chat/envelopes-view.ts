import { ContextProvider } from '@lit/context';
import { html, nothing, render, type ReactiveController, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ArtifactSource, AssistantMessage, EnvelopePart } from '../../src/index.js';
import { chatPort, type ChatPort } from '../internal/chat-context.js';
import type { EnvelopeHost, EnvelopeSurfaces } from './envelopes.js';
// Defines <agent-envelope> (its code loads when the first one connects).
import '../internal/lazy.js';

/** The port providers of the canvases chats drew into (a context provider cannot be taken off an element). */
const providers = new WeakMap<HTMLElement, ContextProvider<typeof chatPort>>();

/** Where an envelope asks to be shown, as the core's check found it (null: it failed its check, and falls back in place). */
const surfaceOf = (part: EnvelopePart): string | null => (part.data.check.ok ? part.data.check.surface : null);
const titleOf = (part: EnvelopePart): string => (part.data.check.ok ? part.data.check.title : 'Agent panel');

/**
 * How a chat draws its agent-ui@1 envelopes (loaded with the conversation's first envelope or canvas: envelopes.ts):
 * in place, or opened in the artifact panel (side_panel, as they arrive live), or drawn into the canvas the page
 * handed over. Each `<agent-envelope>` reports how it rendered through the chat's port; the chat provides that port on
 * the canvas too.
 */
export class EnvelopesView implements ReactiveController {
  readonly #host: EnvelopeHost;
  readonly #port: () => ChatPort;
  readonly #surfaces: () => EnvelopeSurfaces;
  #canvas: { readonly element: HTMLElement; readonly provider: ContextProvider<typeof chatPort> } | null = null;
  /** Side-panel envelopes already opened (or seen on replay): each opens once, as it arrives. */
  readonly #opened = new Set<string>();
  #toOpen: Array<{ readonly message: AssistantMessage; readonly part: EnvelopePart }> = [];

  constructor(host: EnvelopeHost, port: () => ChatPort, surfaces: () => EnvelopeSurfaces) {
    this.#host = host;
    this.#port = port;
    this.#surfaces = surfaces;
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
        agentUiUrl: this.#host.session.agentUiBase,
        sessionId: part.data.sessionId,
        registryScope: this.#host.session,
        ...(this.#host.agentUiHeaders ? { headers: this.#host.agentUiHeaders } : {}),
      },
    };
    this.#port().openArtifact(source);
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
    const ctx = this.#surfaces();
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
