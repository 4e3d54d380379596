import { AGENT_UI_LIMITS, fallbackTextOf, parseEnvelope, RegistryLoader, AgentUiRegistry, type ServerRegistryInfo, agentUiEndpoints, seriesTypesOf, checkChart } from '../../src/protocols/agent-ui/index.js';
import type { Checked, CheckedChart, EnvelopeProblem, EnvelopeRejection, HostComponent, MapAdapter, UiSurface, MapRequest } from '../../src/protocols/agent-ui/index.js';
export { HistoryPanelProps, ScadaPanelProps, validateEnvelope } from '../../src/protocols/agent-ui/index.js';
import type * as ChartRuntime from './chart-runtime.js';
import type { ChartFigure } from './chart-runtime.js';

type ChartRuntimeModule = typeof ChartRuntime;
import { runMapAction } from './map-run.js';

/*
 * The agent-ui@1 runtime, loaded lazily (elements/internal/lazy.ts) the first time an envelope renders: the strict
 * schemas, the registry and its loader, render_ref resolution and map actions; it loads the chart runtime (ECharts)
 * in turn, the first time a chart passes the registry. <agent-envelope> itself only shows what this decides, so a page that never shows an envelope never loads any of it. Its exports, with
 * AgentUiStream (a part of its own), are what a script-tag page reaches through `MantisUI.loadAgentUi()`.
 */

export { AgentUiRegistry, RegistryLoader, agentUiEndpoints };

/** What an envelope renders from. */
export interface EnvelopeInput {
  readonly envelope: unknown;
  readonly registry: AgentUiRegistry | null;
  readonly registryLoader: RegistryLoader | null;
  /** What the server registry is cached under (a chat's session); null: the page. */
  readonly registryScope: object | null;
  readonly agentUiUrl: string;
  /** Headers of the registry and render_ref requests (a bearer token, say), read per request. */
  readonly headers?: (() => Record<string, string>) | null;
  readonly sessionId: string;
  readonly surfaces: readonly UiSurface[] | null;
  readonly mapAdapter: MapAdapter | null;
  readonly components: readonly HostComponent[];
  /** Aborted when the element no longer waits for this render (it was removed, or renders something else). */
  readonly signal?: AbortSignal;
  /** When the envelope was created (`created_at`): map actions older than one already applied are not applied. */
  readonly createdAt?: number;
}

/**
 * What the element shows for it, and the render status it reports. A fallback's `text` is the envelope's
 * fallbackText or a generic notice; `where`, for an envelope meant for a surface the page does not show, says so.
 */
export type EnvelopeOutcome =
  | { readonly kind: 'fallback'; readonly status: 'fallback' | 'error'; readonly problem: EnvelopeProblem; readonly text: string; readonly where?: string }
  /**
   * The registry did not load (yet): `ready` settles when it does, and the envelope is rendered again. `pending` while
   * it is tried; `fallback` once AGENT_UI_LIMITS.registryReads reads in a row failed (it still renders if one succeeds).
   */
  | { readonly kind: 'waiting'; readonly status: 'pending' | 'fallback'; readonly problem: EnvelopeProblem; readonly text: string; readonly ready: Promise<void> }
  /** A registered panel: the host's element, with the checked props (and data) set. */
  | { readonly kind: 'component'; readonly status: 'rendered'; readonly element: HTMLElement }
  /** A chart within the safe subset: `mount` draws it (with its table toggle) into the element's chart root. */
  | { readonly kind: 'chart'; readonly status: 'rendered'; readonly chart: CheckedChart; readonly mount: (root: HTMLElement) => ChartFigure }
  | { readonly kind: 'map'; readonly status: 'rendered'; readonly summary: string };

/** What people read for an envelope without a fallbackText, by why it did not render. */
const NOTICES: Partial<Record<EnvelopeRejection, string>> = {
  'registry-unavailable': 'This content will show once the list of allowed components has loaded.',
  'render-failed': 'This content could not be drawn.',
  'render-ref-failed': 'The map data for this content could not be loaded.',
};

const SURFACE_NAMES: Record<UiSurface, string> = { chat_inline: 'the conversation', side_panel: 'a side panel', canvas: 'a canvas', map_overlay: 'a map' };

/** Loaders by scope, then by registry URL: one fetch per chat session (or per page) and URL. */
const loaders = new WeakMap<object, Map<string, RegistryLoader>>();
/** The headers last given in a scope: what its loaders send (a refreshed token reaches the next request). */
const scopeHeaders = new WeakMap<object, () => Record<string, string>>();
const PAGE = {};

function loaderFor(scope: object, base: string, headers: (() => Record<string, string>) | null | undefined): RegistryLoader {
  if (headers) scopeHeaders.set(scope, headers);
  const url = agentUiEndpoints(base).registry;
  let byUrl = loaders.get(scope);
  if (!byUrl) loaders.set(scope, (byUrl = new Map()));
  let loader = byUrl.get(url);
  if (!loader) byUrl.set(url, (loader = new RegistryLoader({ url, headers: () => scopeHeaders.get(scope)?.() ?? {} })));
  return loader;
}

/**
 * Map actions, one queue per adapter: each runs after the one asked for before it (a render_junctions waiting for
 * its render_ref holds back a later zoom). An envelope already applied to an adapter is not applied again (a
 * restart of its element, a registration, a reconnection), and one older than what the adapter last applied is not
 * applied over it (a replay that draws the newest messages first).
 */
const mapQueues = new WeakMap<MapAdapter, { tail: Promise<unknown>; applied: WeakMap<object, string>; latest: number }>();

/** The registry to check against: given, or the server's (once loaded) combined with the page's components. */
async function registryOf(input: EnvelopeInput): Promise<{ registry: AgentUiRegistry } | { problem: EnvelopeProblem; ready: Promise<void>; given: boolean }> {
  if (input.registry) return { registry: input.registry };
  const loader = input.registryLoader ?? (input.agentUiUrl ? loaderFor(input.registryScope ?? PAGE, input.agentUiUrl, input.headers) : null);
  const combine = (server: ServerRegistryInfo | null) => new AgentUiRegistry({ server, components: input.components });
  if (!loader) return { registry: combine(null) };
  const current = loader.current();
  if (current) return { registry: combine(current) };
  const loaded = await loader.load();
  if (loaded.ok) return { registry: combine(loaded.value) };
  const given = loader.failures >= AGENT_UI_LIMITS.registryReads;
  // The loader fetches again with backoff; its first success renders the envelope, and so does its last permitted
  // failure (the envelope falls back then instead of waiting on).
  const ready = new Promise<void>((done) => {
    // Nobody waits any more: no subscription, so the loader stops fetching again.
    if (input.signal?.aborted) return;
    const stop = loader.subscribe(
      () => {
        stop();
        done();
      },
      (failures) => {
        if (given || failures < AGENT_UI_LIMITS.registryReads) return;
        stop();
        done();
      },
    );
    input.signal?.addEventListener('abort', stop, { once: true });
  });
  const problem = given ? { reason: loaded.reason, message: `${loaded.message} It was tried ${loader.failures} times.` } : loaded;
  return { problem, ready, given };
}

/** Resolves when the signal aborts (never without one). */
const aborted = (signal: AbortSignal | undefined): Promise<void> =>
  new Promise((done) => signal?.addEventListener('abort', () => done(), { once: true }));

/** Runs a map action in its adapter's queue, once per envelope and adapter, never over a newer one (mapQueues). */
function applyMapAction(request: MapRequest, adapter: MapAdapter, input: EnvelopeInput): Promise<Checked<string>> {
  let queue = mapQueues.get(adapter);
  if (!queue) mapQueues.set(adapter, (queue = { tail: Promise.resolve(), applied: new WeakMap(), latest: -Infinity }));
  const state = queue;
  const key = input.envelope as object;
  const done = state.applied.get(key);
  if (done !== undefined) return Promise.resolve({ ok: true, value: done });
  const run = state.tail.then(async (): Promise<Checked<string>> => {
    const again = state.applied.get(key);
    if (again !== undefined) return { ok: true, value: again };
    if (input.createdAt !== undefined && input.createdAt < state.latest) return { ok: true, value: 'Already shown on the map by a later action.' };
    const outcome = await runMapAction(request, adapter, {
      base: input.agentUiUrl,
      sessionId: input.sessionId,
      headers: input.headers ?? undefined,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    if (outcome.ok) {
      state.applied.set(key, outcome.value);
      if (input.createdAt !== undefined) state.latest = Math.max(state.latest, input.createdAt);
    }
    return outcome;
  });
  state.tail = run.catch(() => undefined);
  return run;
}

/** Validates an envelope against its registry and the page's surfaces, and runs a map action. Never throws. */
export async function resolveEnvelope(input: EnvelopeInput): Promise<EnvelopeOutcome> {
  const parsed = parseEnvelope(input.envelope);
  const fallback = fallbackTextOf(input.envelope);
  const textFor = (reason: EnvelopeRejection): string =>
    fallback ?? (reason === 'no-surface' ? '' : (NOTICES[reason] ?? 'This content from the assistant cannot be shown.'));
  const refuse = (problem: EnvelopeProblem, status: 'fallback' | 'error' = 'fallback'): EnvelopeOutcome => ({
    kind: 'fallback',
    status,
    problem: { reason: problem.reason, message: problem.message },
    text: textFor(problem.reason),
    ...(problem.reason === 'no-surface' ? { where: problem.message } : {}),
  });
  if (!parsed.ok) return refuse(parsed);
  const surface = parsed.value.surface;
  const nowhere = { reason: 'no-surface', message: `Meant for ${SURFACE_NAMES[surface]}, which this page does not show.` } as const;
  if (input.surfaces && !input.surfaces.includes(surface)) return refuse(nowhere);
  const source = await registryOf(input);
  if ('problem' in source) {
    const text = source.given ? (fallback ?? 'This content could not be shown: the list of allowed components could not be loaded.') : textFor(source.problem.reason);
    return { kind: 'waiting', status: source.given ? 'fallback' : 'pending', problem: source.problem, ready: source.ready, text };
  }
  const checked = source.registry.check(parsed.value);
  if (!checked.ok) return refuse(checked);
  const value = checked.value;
  switch (value.kind) {
    case 'registered_component': {
      const tag = value.component.tagName;
      // Created once its class exists, so its own setters (not an own property) take the props.
      if (!customElements.get(tag)) await Promise.race([customElements.whenDefined(tag), aborted(input.signal)]);
      if (input.signal?.aborted) return refuse({ reason: 'render-failed', message: 'The panel was not needed any more.' }, 'error');
      const element = document.createElement(tag);
      Object.assign(element, { props: value.props, ...('data' in value ? { data: value.data } : {}) });
      return { kind: 'component', status: 'rendered', element };
    }
    case 'chart': {
      // Checked first: an invalid chart never fetches ECharts.
      const chart = checkChart(value.envelope.spec, value.envelope.data, seriesTypesOf(source.registry));
      if (!chart.ok) return refuse(chart);
      let charts: ChartRuntimeModule;
      try {
        charts = await import('./chart-runtime.js');
      } catch {
        return refuse({ reason: 'render-failed', message: 'The chart could not be loaded.' }, 'error');
      }
      return { kind: 'chart', status: 'rendered', chart: chart.value, mount: (root) => charts.mountChart(root, chart.value) };
    }
    case 'map_action': {
      if (!input.mapAdapter) return refuse(nowhere);
      const outcome = await applyMapAction(value.request, input.mapAdapter, input);
      if (outcome.ok) return { kind: 'map', status: 'rendered', summary: outcome.value };
      return refuse(outcome, outcome.reason === 'render-failed' ? 'error' : 'fallback');
    }
  }
}
