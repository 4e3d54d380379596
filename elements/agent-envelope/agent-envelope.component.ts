import { consume } from '@lit/context';
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { RegistryLoader } from '../../src/protocols/agent-ui/registry-loader.js';
import type { AgentUiRegistry } from '../../src/protocols/agent-ui/registry.js';
import type { MapAdapter, RenderStatus, UiSurface } from '../../src/protocols/agent-ui/types.js';
import { emit } from '../events.js';
import { chatPort, type ChatPort } from '../internal/chat-context.js';
import { loadAgentUi } from '../internal/lazy.js';
import type { ChartFigure } from './chart-runtime.js';
import { themeStyles } from '../internal/theme.styles.js';
import { envelopeStyles } from './agent-envelope.styles.js';
import type { EnvelopeOutcome } from './envelope-runtime.js';
import { onEnvelopeComponents, pageComponents } from './registry-source.js';

/** What the element shows: the runtime's outcome, or nothing decided yet. */
type View = EnvelopeOutcome | { readonly kind: 'loading' };

const parseAttribute = (value: string | null): unknown => {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * One agent-ui@1 envelope (001_996c0b4640eee42b.txt): a registered business panel, a chart in the
 * echarts-safe-subset grammar, or a map action, validated by strict schemas and the registry before anything
 * renders. Envelopes carry data only: no HTML, script, CSS or component source is ever taken from one.
 *
 * Whatever is invalid or not allowed (an unknown kind, component, grammar, map action or surface; props or chart
 * options outside their schema; a render_ref that does not resolve) shows the envelope's `fallbackText` as plain
 * text, or a generic notice, and `mantis-envelope-status` says why. Charts are drawn by ECharts (SVG), loaded the
 * first time a chart appears, with the same data as a table a button switches to. Map actions go to the
 * `mapAdapter` the page provides.
 *
 * The registry is, in order: the `registry` property; the `registryLoader` property (a chat passes its own); the
 * server registry under `agent-ui-url`, combined with the components the page registered with
 * `registerEnvelopeComponent`; or those components alone with the built-in chart grammar and map actions.
 *
 * @tagname agent-envelope
 * @summary One agent-ui@1 envelope: a registered panel, a chart, or a map action.
 *
 * @fires {CustomEvent<EnvelopeStatusDetail>} mantis-envelope-status - The envelope's render status changed: `rendered`, `fallback` (with `reason` and `message`), `error` (the renderer failed), or `pending` (waiting for the registry).
 *
 * @csspart base - The wrapper.
 * @csspart status - The line shown while the envelope waits (for the registry, for the chart runtime).
 * @csspart fallback - The fallback text shown instead of an envelope that cannot render, with a `data-reason` attribute.
 * @csspart component - The wrapper of a registered business panel.
 * @csspart chart - The chart's drawing area (ECharts' SVG is inside).
 * @csspart chart-toggle - The button that switches between the chart and its data table.
 * @csspart table - The chart's data table.
 * @csspart map-status - The line that says what a map action did.
 *
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-font-size - Base font size (default 1rem).
 * @cssprop --mantis-font-family-mono - Monospace font (shared token).
 * @cssprop --mantis-color-text - Text color; the chart's text too.
 * @cssprop --mantis-color-text-muted - Secondary text; the chart's axis labels.
 * @cssprop --mantis-color-surface - Background of the chart's tooltip.
 * @cssprop --mantis-color-surface-raised - Background of the fallback and the table header.
 * @cssprop --mantis-color-border - Borders; the chart's axes and grid.
 * @cssprop --mantis-color-accent - The toggle button; the chart's first series.
 * @cssprop --mantis-color-on-accent - Text on accent backgrounds.
 * @cssprop --mantis-color-focus - Focus rings.
 * @cssprop --mantis-color-info - The chart's second series.
 * @cssprop --mantis-color-success - The chart's third series.
 * @cssprop --mantis-color-warning - The chart's fourth series.
 * @cssprop --mantis-color-danger - The chart's fifth series.
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit.
 * @cssprop --mantis-chart-height - Height of a chart (default 18rem).
 */
export class AgentEnvelope extends LitElement {
  static override styles = [themeStyles, envelopeStyles];

  /**
   * The envelope: an object (property) or JSON text (attribute). It is validated every time it is set; nothing of
   * it renders before it passed.
   */
  @property({ converter: { fromAttribute: parseAttribute } }) envelope: unknown = null;

  /** The envelope's ID (`envelope_id`), reported in `mantis-envelope-status`. */
  @property({ attribute: 'envelope-id' }) envelopeId = '';

  /**
   * The agent-ui@1 base URL (`https://host/api/v1/agent/chat/`): the registry is read from its `ui-registry` and
   * render_refs are resolved under its `render-ref/`. Without it, render_junctions falls back.
   */
  @property({ attribute: 'agent-ui-url' }) agentUiUrl = '';

  /**
   * Headers of the registry and render_ref requests (`() => ({ authorization: 'Bearer …' })`), read per request.
   * Cookies follow the same-origin rule.
   */
  @property({ attribute: false }) agentUiHeaders: (() => Record<string, string>) | null = null;

  /**
   * When the envelope was created (`created_at`, ms since the epoch): a map action older than one already applied
   * to the same map is not applied over it (a conversation replayed newest first). A chat sets it.
   */
  @property({ attribute: false }) createdAt: number | null = null;

  /** The agent-ui `session_id` render_refs are resolved under. */
  @property({ attribute: 'session-id' }) sessionId = '';

  /** A registry to use as it is (overrides everything else). */
  @property({ attribute: false }) registry: AgentUiRegistry | null = null;

  /** Where the server registry comes from (a chat passes its session's loader); combined with the page's components. */
  @property({ attribute: false }) registryLoader: RegistryLoader | null = null;

  /**
   * The surfaces the page provides (a chat sets it); an envelope for another one falls back with a notice saying
   * where it would have gone. Null, the default: the envelope renders here whatever surface it names.
   */
  @property({ attribute: false, hasChanged: (next: readonly UiSurface[] | null, last: readonly UiSurface[] | null) => next?.join() !== last?.join() })
  surfaces: readonly UiSurface[] | null = null;

  /** What the server registry is cached under (a chat passes its session); null, the default: the page. */
  @property({ attribute: false }) registryScope: object | null = null;

  /** The map that `map_action` envelopes drive. Without one they fall back. */
  @property({ attribute: false }) mapAdapter: MapAdapter | null = null;

  /** `light`, `dark`, or `system`; unset, the element follows where it is placed. */
  @property({ reflect: true }) theme: 'light' | 'dark' | 'system' | undefined = undefined;

  @state() private view: View = { kind: 'loading' };

  /** The chat's port when the envelope is inside a chat (or on its canvas): each status is persisted with its message. */
  @consume({ context: chatPort, subscribe: true })
  @state()
  private port: ChatPort | undefined = undefined;

  /** The drawn chart, with the outcome and root it was drawn from and into. */
  #figure: { readonly view: View; readonly root: HTMLElement; readonly figure: ChartFigure } | null = null;
  /** Bumped by every run: results of an older run are dropped. */
  #run = 0;
  /** Aborted when the current run is dropped: a registry it waits for stops being waited for. */
  #runs = new AbortController();
  #status: RenderStatus | null = null;
  #stopWatching: Array<() => void> = [];

  override connectedCallback(): void {
    super.connectedCallback();
    this.#stopWatching.push(onEnvelopeComponents(() => this.#start()));
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const stop of this.#stopWatching.splice(0)) stop();
    this.#clearChart();
    // Put back on the page, it renders again from the start.
    this.#run++;
    this.#runs.abort();
    this.#started = false;
  }

  #started = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Not agentUiHeaders: it is read per request (a new function each render of a framework restarts nothing).
    const inputs = ['envelope', 'registry', 'registryLoader', 'registryScope', 'mapAdapter', 'agentUiUrl', 'sessionId', 'surfaces'] as const;
    // A new envelope reports its status afresh; the same one rendering again reports only a change.
    if (changed.has('envelope') || changed.has('envelopeId')) this.#status = null;
    if (!this.#started || inputs.some((key) => changed.has(key))) this.#start();
  }

  #clearChart(): void {
    this.#figure?.figure.dispose();
    this.#figure = null;
  }

  /** Validates and renders the envelope again from the start. */
  #start(): void {
    const run = ++this.#run;
    this.#runs.abort();
    this.#runs = new AbortController();
    this.#started = true;
    this.#clearChart();
    this.view = { kind: 'loading' };
    void this.#resolve(run);
  }

  async #resolve(run: number): Promise<void> {
    let outcome: EnvelopeOutcome;
    try {
      const runtime = await loadAgentUi();
      if (run !== this.#run) return;
      outcome = await runtime.resolveEnvelope({
        envelope: this.envelope,
        registry: this.registry,
        registryLoader: this.registryLoader,
        registryScope: this.registryScope,
        agentUiUrl: this.agentUiUrl,
        headers: this.#headers,
        ...(this.createdAt === null ? {} : { createdAt: this.createdAt }),
        sessionId: this.sessionId,
        surfaces: this.surfaces,
        mapAdapter: this.mapAdapter,
        components: pageComponents(),
        signal: this.#runs.signal,
      });
    } catch {
      const problem = { reason: 'render-failed', message: 'The agent UI runtime could not be loaded.' } as const;
      outcome = { kind: 'fallback', status: 'error', problem, text: 'This content could not be drawn.' };
    }
    if (run !== this.#run) return;
    this.view = outcome;
    // Waiting for the registry is not final: its first success renders the envelope.
    if (outcome.kind === 'waiting') void outcome.ready.then(() => run === this.#run && this.#start());
    this.#report(run, outcome);
  }

  /** Reports a status once it rendered (a listener sees what it says), unless it is the one last reported. */
  #report(run: number, outcome: EnvelopeOutcome): void {
    if (outcome.status === this.#status) return;
    this.#status = outcome.status;
    const problem = 'problem' in outcome ? outcome.problem : null;
    void this.updateComplete.then(() => {
      if (run !== this.#run) return;
      if (this.envelopeId) this.port?.setEnvelopeStatus(this.envelopeId, outcome.status, problem?.message);
      emit(this, 'mantis-envelope-status', { envelopeId: this.envelopeId, status: outcome.status, ...(problem ? { reason: problem.reason, message: problem.message } : {}) });
    });
  }

  /** The page's headers function as it is now, whichever was set last. */
  readonly #headers = (): Record<string, string> => this.agentUiHeaders?.() ?? {};

  protected override updated(): void {
    const view = this.view;
    const root = view.kind === 'chart' ? this.renderRoot.querySelector<HTMLElement>('.chart-root') : null;
    if (this.#figure && this.#figure.view === view && this.#figure.root === root) return;
    this.#clearChart();
    if (view.kind !== 'chart' || !root) return;
    // The chart runtime draws the figure (title, Table toggle, SVG, data table) into its root.
    try {
      this.#figure = { view, root, figure: view.mount(root) };
    } catch {
      const problem = { reason: 'render-failed', message: 'The chart could not be drawn.' } as const;
      const failed: EnvelopeOutcome = { kind: 'fallback', status: 'error', problem, text: 'This content could not be drawn.' };
      this.view = failed;
      this.#report(this.#run, failed);
    }
  }

  protected override render(): TemplateResult {
    return html`<div part="base">${this.#body()}</div>`;
  }

  #body(): TemplateResult {
    const view = this.view;
    switch (view.kind) {
      case 'loading':
        return html`<p part="status" aria-busy="true">Loading…</p>`;
      case 'waiting':
      case 'fallback':
        return html`<p part="fallback" role="note" data-reason=${view.problem.reason}>
          ${'where' in view ? html`<span class="where">${view.where}</span> ` : nothing}${view.text}
        </p>`;
      case 'component':
        return html`<div part="component">${view.element}</div>`;
      case 'map':
        return html`<p part="map-status">${view.summary}</p>`;
      case 'chart':
        return html`<div class="chart-root"></div>`;
    }
  }
}
