import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { RenderStatus } from '../../src/protocols/agent-ui/types.js';
import { emit } from '../events.js';
import { once } from '../internal/lazy.js';
import type { ChartFigure } from './chart-runtime.js';
import { themeStyles } from '../internal/theme.styles.js';
import { envelopeStyles } from './agent-envelope.styles.js';
import { AgentEnvelope } from './agent-envelope.js';
import type { EnvelopeOutcome } from './envelope-runtime.js';
import { onEnvelopeComponents, pageComponents } from './registry-source.js';

/** The agent-ui@1 runtime an envelope renders with, loaded with the first envelope (MantisUI.loadAgentUi() shares it). */
const loadEnvelopeRuntime = once(() => import('./envelope-runtime.js'));

/** What the element shows: the runtime's outcome, or nothing decided yet. */
type View = EnvelopeOutcome | { readonly kind: 'loading' };

/** The implementation of `<agent-envelope>` (agent-envelope.ts), loaded when the first one connects. */
export class AgentEnvelopeImpl extends AgentEnvelope {
  static override properties: PropertyDeclarations = {
    view: { state: true, attribute: false },
  };

  static override styles = [themeStyles, envelopeStyles];

  private view: View = { kind: 'loading' };

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
      const runtime = await loadEnvelopeRuntime();
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
        // One line: the note keeps white space (pre-wrap), so none may sit around its text.
        return html`<p part="fallback" role="note" data-reason=${view.problem.reason}>${'where' in view ? html`<span class="where">${view.where}</span> ` : nothing}${view.text}</p>`;
      case 'component':
        return html`<div part="component">${view.element}</div>`;
      case 'map':
        return html`<p part="map-status">${view.summary}</p>`;
      case 'chart':
        return html`<div class="chart-root"></div>`;
    }
  }
}
