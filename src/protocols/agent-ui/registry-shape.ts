import { AGENT_UI_LIMITS as L } from './limits.js';
import { AGENT_UI_SCHEMA_VERSION, CHART_GRAMMAR, UI_SURFACES } from './types.js';

/*
 * The shapes of a UI registry document this client reads (001_996c0b4640eee42b.txt "Registry" says what it returns,
 * not how): lists of names or of entries, or maps from names to entries; a chart given as its grammar, as `true`, or
 * as an entry; a version of agent-ui@1 with more after it, or none. Each is turned into the one shape the registry's
 * schema checks; what an entry leaves out is what the registry allows around it (its surfaces), never more than this
 * client renders, and a chart entry that names no grammar allows no chart. Anything else is left as it is, for the
 * schema to refuse.
 */

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of entries from a list of names or entries, or a map from names to entries (or to `true`); `key` names the name field. */
function entries(value: unknown, key: string, aliases: readonly string[]): unknown {
  const named = (name: unknown, body: unknown): unknown => {
    if (body === true || body === undefined) return { [key]: name };
    if (!isEntry(body)) return body;
    const alias = aliases.find((a) => typeof body[a] === 'string');
    return { ...body, [key]: body[key] ?? (alias ? body[alias] : name) };
  };
  // Bounded as a list is (the schema refuses more than AGENT_UI_LIMITS.registryEntries).
  if (Array.isArray(value)) return value.slice(0, L.registryEntries + 1).map((item) => (typeof item === 'string' ? { [key]: item } : named(undefined, item)));
  if (isEntry(value)) return Object.entries(value).slice(0, L.registryEntries + 1).map(([name, body]) => named(name, body));
  return value;
}

/** Surface names from a list of names or of `{name}` entries. */
const names = (value: unknown): unknown => (Array.isArray(value) ? value.map((item) => (isEntry(item) ? (item['name'] ?? item['id']) : item)) : value);

/** A registry document in the one shape ServerRegistry checks. */
export function registryShape(value: unknown): unknown {
  if (!isEntry(value)) return value;
  const version = value['schemaVersion'] ?? value['schema_version'];
  const surfaces = names(value['surfaces'] ?? [...UI_SURFACES]);
  const all = Array.isArray(surfaces) ? surfaces : [];
  const host = all.filter((s) => s !== 'map_overlay');
  const withSurfaces = (list: unknown, fallback: readonly unknown[]): unknown =>
    Array.isArray(list) ? list.map((item) => (isEntry(item) ? { ...item, surfaces: names(item['surfaces'] ?? fallback) } : item)) : list;
  const chart = value['chart'] ?? value['charts'];
  return {
    ...value,
    schemaVersion: version === undefined || (typeof version === 'string' && version.startsWith(AGENT_UI_SCHEMA_VERSION)) ? AGENT_UI_SCHEMA_VERSION : version,
    surfaces,
    chart:
      chart === true || typeof chart === 'string'
        ? { grammar: chart === true ? CHART_GRAMMAR : chart, surfaces: host }
        : // A chart that names no grammar allows none: the registry is read, and no chart renders.
          isEntry(chart)
          ? chart['grammar'] === undefined
            ? null
            : { ...chart, surfaces: names(chart['surfaces'] ?? host) }
          : chart,
    components: withSurfaces(entries(value['components'], 'name', ['component', 'id']), host),
    mapActions: (() => {
      const list = entries(value['mapActions'] ?? value['map_actions'], 'name', ['action', 'id']);
      return Array.isArray(list) ? list.map((item) => (isEntry(item) ? { ...item, surface: item['surface'] ?? 'map_overlay' } : item)) : list;
    })(),
  };
}
