import { html, nothing, render, type ReactiveController, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { UI_SURFACES, type MapAdapter, type UiEnvelopeEntry, type UiSurface } from '../../src/protocols/agent-ui/types.js';
import type { ArtifactSource, AssistantMessage, ChatSession } from '../../src/index.js';
import type { EnvelopeStatusDetail } from '../events.js';
import '../agent-envelope/agent-envelope.js';

/** What the chat's envelopes need from the element. */
export interface EnvelopeHost extends HTMLElement {
  readonly session: ChatSession;
  readonly url: string | undefined;
  readonly agentUiUrl: string | undefined;
  readonly mapAdapter: MapAdapter | null;
  readonly agentUiHeaders: (() => Record<string, string>) | null;
  readonly canvas: HTMLElement | null;
  readonly updateComplete: Promise<boolean>;
  addController(controller: ReactiveController): void;
  requestUpdate(): void;
}

/** Where a chat shows each surface's envelopes, for the timeline. */
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
  readonly provided: readonly UiSurface[];
  /** Opens a side_panel envelope in the artifact panel. */
  readonly openSidePanel: (message: AssistantMessage, entry: UiEnvelopeEntry) => void;
}

/** The surface an entry asks for, read without trusting it (the element validates the envelope itself). */
export function surfaceOf(entry: UiEnvelopeEntry): UiSurface | null {
  const surface = (entry.envelope as { surface?: unknown } | null)?.surface;
  return (UI_SURFACES as readonly unknown[]).includes(surface) ? (surface as UiSurface) : null;
}

/** A short name of an envelope for people: its component, or its chart's title (read without trusting it). */
function titleOf(entry: UiEnvelopeEntry): string {
  const value = entry.envelope as { component?: unknown; spec?: { title?: { text?: unknown } } } | null;
  const title = typeof value?.component === 'string' ? value.component : value?.spec?.title?.text;
  return typeof title === 'string' && title ? title.slice(0, 80) : 'Agent panel';
}

/**
 * A chat's agent-ui@1 envelopes: the registry cached per session (the agent-ui runtime keeps one loader per session
 * and base URL, made when the first envelope needs it), the render statuses its envelopes report (persisted through the session), side_panel envelopes opened in the
 * artifact panel as they arrive, and canvas envelopes drawn into the canvas the page handed over.
 */
export class ChatEnvelopes implements ReactiveController {
  readonly #host: EnvelopeHost;
  readonly #openArtifact: (source: ArtifactSource) => boolean;
  #canvas: HTMLElement | null = null;
  readonly #onStatus = (event: Event): void => {
    const detail = (event as CustomEvent<EnvelopeStatusDetail>).detail;
    if (detail.envelopeId) this.#host.session.setEnvelopeStatus(detail.envelopeId, detail.status, detail.message);
  };

  constructor(host: EnvelopeHost, openArtifact: (source: ArtifactSource) => boolean) {
    this.#host = host;
    this.#openArtifact = openArtifact;
    host.addController(this);
  }

  /** A side_panel envelope opens in the artifact panel as it arrives (a replayed one waits for its Show button). */
  arrived(messageId: string | null, envelopeId: string): void {
    if (!messageId) return;
    void this.#host.updateComplete.then(() => {
      const message = this.#host.session.thread.assistant(messageId);
      const entry = message?.uiEnvelopes.find((e) => e.envelopeId === envelopeId);
      if (message && entry && surfaceOf(entry) === 'side_panel') this.#openSide(message, entry);
    });
  }

  /** Opens a side_panel envelope in the artifact panel (through the cancelable `mantis-artifact-open`). */
  #openSide(message: AssistantMessage, entry: UiEnvelopeEntry): void {
    this.#openArtifact({
      node: { id: entry.envelopeId, type: 'artifact', title: titleOf(entry), format: 'json', content: JSON.stringify(entry.envelope) },
      viewId: 'agent-ui',
      messageId: message.id,
      envelope: {
        envelopeId: entry.envelopeId,
        agentUiUrl: this.base,
        sessionId: message.uiSessionId ?? '',
        registryScope: this.#host.session,
        ...(this.#host.agentUiHeaders ? { headers: this.#host.agentUiHeaders } : {}),
      },
    });
  }

  hostConnected(): void {
    this.#host.addEventListener('mantis-envelope-status', this.#onStatus);
    // Put back after a move: the canvas it emptied is drawn again.
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('mantis-envelope-status', this.#onStatus);
    this.#setCanvas(null);
  }

  #base: { readonly given: string | undefined; readonly url: string | undefined; readonly base: string } | null = null;

  /** The agent-ui base URL, or '' when neither `agent-ui-url` nor a Composer URL gives one (worked out once per change). */
  get base(): string {
    const { agentUiUrl: given, url } = this.#host;
    let cached = this.#base;
    if (!cached || cached.given !== given || cached.url !== url) cached = this.#base = { given, url, base: this.#resolveBase() };
    return cached.base;
  }

  #resolveBase(): string {
    const given = this.#host.agentUiUrl;
    try {
      if (given) return new URL(given, document.baseURI).href;
      if (!this.#host.url) return '';
      const url = new URL('/api/v1/agent/chat/', new URL(this.#host.url, document.baseURI).href.replace(/^ws(s?):/i, 'http$1:'));
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
    } catch {
      return '';
    }
  }

  #surfaces: EnvelopeSurfaces | null = null;

  /** What the timeline shows envelopes with: the same object until one of its values changes. */
  surfaces(): EnvelopeSurfaces {
    const [base, scope, mapAdapter, headers, canvas] = [this.base, this.#host.session, this.#host.mapAdapter, this.#host.agentUiHeaders, this.#host.canvas !== null];
    const last = this.#surfaces;
    if (last?.base === base && last.scope === scope && last.mapAdapter === mapAdapter && last.headers === headers && last.canvas === canvas) return last;
    const provided: UiSurface[] = ['chat_inline', 'side_panel', ...(canvas ? (['canvas'] as const) : []), ...(mapAdapter ? (['map_overlay'] as const) : [])];
    return (this.#surfaces = { base, scope, mapAdapter, headers, canvas, provided, openSidePanel: (message, entry) => this.#openSide(message, entry) });
  }

  /** Draws the conversation's canvas envelopes into the page's canvas (after each chat update). */
  renderCanvas(): void {
    const canvas = this.#host.canvas;
    const surfaces = this.surfaces();
    this.#setCanvas(canvas);
    if (!canvas) return;
    const entries = this.#host.session.messages.flatMap((m) =>
      m.role === 'assistant' ? m.uiEnvelopes.filter((e) => surfaceOf(e) === 'canvas').map((entry) => ({ message: m, entry })) : [],
    );
    render(
      html`${repeat(
        entries,
        ({ entry }) => entry.envelopeId,
        ({ message, entry }) => envelopeElement(message, entry, surfaces, null),
      )}`,
      canvas,
    );
  }

  #setCanvas(canvas: HTMLElement | null): void {
    if (this.#canvas === canvas) return;
    if (this.#canvas) {
      this.#canvas.removeEventListener('mantis-envelope-status', this.#onStatus);
      render(nothing, this.#canvas);
    }
    this.#canvas = canvas;
    canvas?.addEventListener('mantis-envelope-status', this.#onStatus);
  }
}

/** One `<agent-envelope>` for an entry; `surfaces` lists what the page provides (null: render it whatever it asks). */
function envelopeElement(message: AssistantMessage, entry: UiEnvelopeEntry, ctx: EnvelopeSurfaces, surfaces: readonly UiSurface[] | null): TemplateResult {
  return html`<agent-envelope
    part="envelope"
    envelope-id=${entry.envelopeId}
    agent-ui-url=${ctx.base}
    session-id=${message.uiSessionId ?? ''}
    .envelope=${entry.envelope}
    .createdAt=${entry.createdAt}
    .registryScope=${ctx.scope}
    .mapAdapter=${ctx.mapAdapter}
    .agentUiHeaders=${ctx.headers}
    .surfaces=${surfaces}
  ></agent-envelope>`;
}

/**
 * A message's envelopes in the transcript: chat_inline (and anything whose surface is unknown, which falls back
 * there) and map_overlay (a line saying what the map did) render in place; side_panel and canvas show a short line
 * saying where they went, or, with no such surface on the page, a notice in their place.
 */
export function renderEnvelopes(message: AssistantMessage, ctx: EnvelopeSurfaces | null): TemplateResult | typeof nothing {
  if (!ctx || message.uiEnvelopes.length === 0) return nothing;
  return html`<div class="envelopes">
    ${repeat(
      message.uiEnvelopes,
      (entry) => entry.envelopeId,
      (entry) => {
        const surface = surfaceOf(entry);
        if (surface === 'side_panel' || (surface === 'canvas' && ctx.canvas)) {
          const title = titleOf(entry);
          const where = surface === 'side_panel' ? 'the side panel' : 'the canvas';
          const open = surface === 'side_panel' ? () => ctx.openSidePanel(message, entry) : null;
          return html`<p part="envelope-elsewhere" class="envelope-elsewhere">
            <span>${title}: shown in ${where}.</span>
            ${open ? html`<button type="button" class="link" aria-label=${`Show ${title} in the side panel`} @click=${open}>Show</button>` : nothing}
          </p>`;
        }
        return envelopeElement(message, entry, ctx, ctx.provided);
      },
    )}
  </div>`;
}
