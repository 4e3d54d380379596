/*
 * agent-ui@1 (001_996c0b4640eee42b.txt) "Registry": what the server allows (GET /api/v1/agent/chat/ui-registry)
 * combined with what the host registered in code. An envelope renders only when both allow it.
 */
import * as z from 'zod/mini';
import { keyedBy } from '../../schema/json-shapes.js';
import { CHART_SERIES_TYPES, fail, ok, pathAt, readJson, some, type ChartSeriesType } from './envelope.js';
import { AGENT_UI_LIMITS as L } from './limits.js';
import { parseMapAction, type MapRequest } from './map.js';
import { registryShape } from './registry-shape.js';
import {
  AGENT_UI_SCHEMA_VERSION,
  CHART_GRAMMAR,
  MAP_ACTIONS,
  UI_SURFACES,
  type Checked,
  type ChartEnvelope,
  type HostComponent,
  type PropsSchema,
  type MapActionEnvelope,
  type RegisteredComponentEnvelope,
  type UIEnvelope,
  type UiSurface,
} from './types.js';

const Text = z.string().check(z.maxLength(L.registryText));
const list = <T extends z.core.SomeType>(item: T) => some(item, L.registryEntries);
const Described = { description: z.optional(Text) };
/** Notes on each prop or parameter, for people and prompts: kept bounded, not read. */
const Notes = z.optional(keyedBy(Text, L.registryText).check(z.refine((notes) => Object.keys(notes).length <= L.registryEntries)));

/**
 * The registry as the server sends it, once read into one shape (registry-shape.ts). Lenient where it only describes
 * (unknown keys are dropped, descriptions and props notes are optional) but bounded: every list and string is capped.
 */
export const ServerRegistry = z.object({
  schemaVersion: z.literal(AGENT_UI_SCHEMA_VERSION),
  surfaces: list(Text),
  chart: z.optional(z.union([z.literal(null), z.object({ ...Described, grammar: Text, surfaces: list(Text), seriesTypes: z.optional(list(Text)) })])),
  components: z.optional(
    list(z.object({ ...Described, name: Text, surfaces: list(Text), props: Notes })),
  ),
  mapActions: z.optional(list(z.object({ ...Described, name: Text, surface: Text, params: Notes }))),
});

/** The server registry, normalized: surfaces this client does not know are left out. */
export interface ServerRegistryInfo {
  readonly schemaVersion: typeof AGENT_UI_SCHEMA_VERSION;
  readonly surfaces: readonly UiSurface[];
  /** Null when the server allows no charts. */
  readonly chart: { readonly grammar: string; readonly surfaces: readonly UiSurface[]; readonly seriesTypes: readonly ChartSeriesType[] } | null;
  readonly components: ReadonlyArray<{ readonly name: string; readonly surfaces: readonly UiSurface[] }>;
  readonly mapActions: ReadonlyArray<{ readonly name: string; readonly surface: UiSurface }>;
}

const among = <T extends string>(known: readonly T[], values: readonly string[]): T[] =>
  known.filter((value) => values.includes(value));

/** Parses the server's registry (a value or JSON text). Never throws; any problem is `registry-unavailable`. */
export function parseServerRegistry(value: unknown): Checked<ServerRegistryInfo> {
  const parsed = ServerRegistry.safeParse(registryShape(readJson(value, L.envelopeBytes)?.value));
  if (!parsed.success) return fail('registry-unavailable', `The UI registry is not a valid ${AGENT_UI_SCHEMA_VERSION} registry.`);
  const { chart, components = [], mapActions = [] } = parsed.data;
  const surfaces = among(UI_SURFACES, parsed.data.surfaces);
  const within = (values: readonly string[]) => among(surfaces, values);
  return ok({
    schemaVersion: AGENT_UI_SCHEMA_VERSION,
    surfaces,
    chart: chart
      ? { grammar: chart.grammar, surfaces: within(chart.surfaces), seriesTypes: among(CHART_SERIES_TYPES, chart.seriesTypes ?? CHART_SERIES_TYPES) }
      : null,
    components: components.map(({ name, surfaces: allowed }) => ({ name, surfaces: within(allowed) })),
    mapActions: mapActions.flatMap(({ name, surface }) => within([surface]).map((known) => ({ name, surface: known }))),
  });
}

/** An envelope the registry allows, with what its renderer needs. */
export type CheckedEnvelope =
  | {
      readonly kind: 'registered_component';
      readonly envelope: RegisteredComponentEnvelope;
      readonly component: HostComponent;
      /** The output of the component's props schema: only this reaches the element. */
      readonly props: unknown;
      readonly data?: unknown;
    }
  | { readonly kind: 'chart'; readonly envelope: ChartEnvelope }
  | { readonly kind: 'map_action'; readonly envelope: MapActionEnvelope; readonly request: MapRequest };

const HOST_SURFACES: readonly UiSurface[] = UI_SURFACES.filter((surface) => surface !== 'map_overlay');
const wrongSurface = (): Checked<never> => fail('invalid-surface', 'This content is not allowed on that surface.');

export interface AgentUiRegistryOptions {
  /** The server's registry; without one, only what the host registered, the built-in chart grammar and MAP_ACTIONS. */
  readonly server?: ServerRegistryInfo | null;
  /** The host's components; a later one of the same name replaces an earlier one. */
  readonly components?: readonly HostComponent[];
}

/** What may render: the host's components and this client's grammar and map actions, narrowed by the server's. Immutable. */
/** A host schema's output, or `invalid-props` naming the first issue's path (never the value); a throwing schema too. */
function checkWith(schema: PropsSchema, value: unknown, what: string): Checked<unknown> {
  try {
    const result = schema.safeParse(value);
    return result.success ? ok(result.data) : fail('invalid-props', `${what} are invalid${pathAt(result.error.issues[0]?.path ?? [])}.`);
  } catch {
    return fail('invalid-props', `${what} could not be checked.`);
  }
}

export class AgentUiRegistry {
  readonly #server: ServerRegistryInfo | null;
  readonly #components: ReadonlyMap<string, HostComponent>;

  constructor(options: AgentUiRegistryOptions = {}) {
    this.#server = options.server ?? null;
    this.#components = new Map((options.components ?? []).map((component) => [component.name, component]));
  }

  /** The server's registry, or null when there is none (yet). */
  get server(): ServerRegistryInfo | null {
    return this.#server;
  }

  /** The host's components, in registration order. */
  get components(): readonly HostComponent[] {
    return [...this.#components.values()];
  }

  /** A registry with this server registry (null: none). */
  withServer(server: ServerRegistryInfo | null): AgentUiRegistry {
    return new AgentUiRegistry({ server, components: this.components });
  }

  /** A registry with this host component too, replacing one of the same name. */
  withComponent(component: HostComponent): AgentUiRegistry {
    return new AgentUiRegistry({ server: this.#server, components: [...this.components, component] });
  }

  /**
   * Whether the registry allows a parsed envelope, and what to render it with. Props are checked with the host
   * component's schema and map parameters with map.ts; a chart's spec is not (chart.ts does that where it draws).
   */
  check(envelope: UIEnvelope): Checked<CheckedEnvelope> {
    const server = this.#server;
    if (envelope.kind === 'registered_component') {
      const component = this.#components.get(envelope.component);
      const listed = server?.components.find((entry) => entry.name === envelope.component);
      if (!component || (server && !listed)) return fail('unknown-component', 'That panel is not registered.');
      const allowed: readonly UiSurface[] = component.surfaces ?? HOST_SURFACES;
      if (!allowed.includes(envelope.surface) || (listed && !listed.surfaces.includes(envelope.surface))) {
        return wrongSurface();
      }
      const props = checkWith(component.props, envelope.props, `The props of ${component.name}`);
      if (!props.ok) return props;
      // The envelope's data reaches the panel only through a schema of its own; without one it is left out.
      if (envelope.data === undefined || !component.data) return ok({ kind: 'registered_component', envelope, component, props: props.value });
      const data = checkWith(component.data, envelope.data, `The data of ${component.name}`);
      return data.ok ? ok({ kind: 'registered_component', envelope, component, props: props.value, data: data.value }) : data;
    }
    if (envelope.kind === 'chart') {
      const grammar = server ? server.chart?.grammar : CHART_GRAMMAR;
      if (envelope.grammar !== grammar) return fail('unknown-grammar', 'That chart grammar is not allowed here.');
      const allowed = HOST_SURFACES.includes(envelope.surface) && (server?.chart?.surfaces ?? HOST_SURFACES).includes(envelope.surface);
      return allowed ? ok({ kind: 'chart', envelope }) : wrongSurface();
    }
    if (envelope.kind === 'map_action') {
      const listed = server?.mapActions.find((entry) => entry.name === envelope.action);
      if (!(MAP_ACTIONS as readonly string[]).includes(envelope.action) || (server && !listed)) {
        return fail('unknown-map-action', 'That map action is not allowed here.');
      }
      if (envelope.surface !== 'map_overlay' || (listed && listed.surface !== envelope.surface)) return wrongSurface();
      const request = parseMapAction(envelope.action, envelope.params);
      return request.ok ? ok({ kind: 'map_action', envelope, request: request.value }) : request;
    }
    return fail('invalid-envelope', 'That envelope kind is not one this client knows.');
  }
}
