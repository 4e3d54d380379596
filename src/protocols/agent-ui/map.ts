/*
 * agent-ui@1 (001_996c0b4640eee42b.txt) map actions: "every action and parameter set must be validated by the
 * frontend before it can affect MapLibre state". Parameters arrive in the server's snake_case (demo/server/agent-ui.ts
 * UI_REGISTRY) and leave as the camelCase a MapAdapter takes; render_junctions carries only a render_ref, whose
 * payload `checkJunctions` checks once it is fetched.
 */
import * as z from 'zod/mini';
import { HexColor, between, fail, issueAt, nameOf, ok, optionalShape, readJson, some } from './envelope.js';
import { keyedBy, tupleOf } from '../../schema/json-shapes.js';
import { AGENT_UI_LIMITS as L, AGENT_UI_PATTERNS as P } from './limits.js';
import { MAP_ACTIONS, type Checked, type JunctionCollection, type LayerStyle, type MapActionName, type MapCommand } from './types.js';

/** A checked map action before its render_ref is resolved: render_junctions has only the ref. */
export type MapRequest =
  | Exclude<MapCommand, { action: 'render_junctions' }>
  | { readonly action: 'render_junctions'; readonly params: { readonly renderRef: string } };

type RequestParams<K extends MapActionName> = Extract<MapRequest, { action: K }>['params'];

/** The style presets apply_layer_style may name, and the paint each one sets. */
export const STYLE_PRESETS = {
  default: { color: '#2563eb', opacity: 1, width: 2, radius: 5, visible: true },
  highlight: { color: '#f59e0b', opacity: 1, width: 4, radius: 8, visible: true },
  muted: { color: '#9ca3af', opacity: 0.4, width: 1, radius: 4, visible: true },
  alert: { color: '#dc2626', opacity: 1, width: 3, radius: 7, visible: true },
  hidden: { visible: false },
} as const satisfies Record<string, LayerStyle>;
export type StylePreset = keyof typeof STYLE_PRESETS;

const Lon = between(-180, 180);
const Lat = between(-90, 90);
const Id = nameOf(P.id);

/** A style given key by key: only these keys, each bounded, at least one. */
export const LayerStyleSchema = z
  .strictObject(
    optionalShape({
      color: HexColor,
      opacity: between(0, 1),
      width: between(0, L.layerWidth),
      radius: between(0, L.layerRadius),
      visible: z.boolean(),
    }),
  )
  .check(z.refine((style) => Object.keys(style).length > 0, 'a style sets at least one property'));

const action =
  <S extends z.ZodMiniType, R>(schema: S, map: (params: z.output<S>) => R) =>
  (params: unknown): Checked<R> => {
    const parsed = schema.safeParse(params);
    return parsed.success ? ok(map(parsed.data)) : fail('invalid-map-params', `The map action's parameters are invalid${issueAt(parsed.error.issues)}.`);
  };

const ACTIONS: { readonly [K in MapActionName]: (params: unknown) => Checked<RequestParams<K>> } = {
  locate_features: action(z.strictObject({ feature_ids: some(Id, L.featureIds).check(z.minLength(1)) }), (p) => ({ featureIds: p.feature_ids })),
  zoom_to_map: action(
    z.strictObject({
      bbox: tupleOf([Lon, Lat, Lon, Lat]).check(z.refine(([w, s, e, n]) => w < e && s < n, 'west < east and south < north')),
    }),
    (p) => ({ bbox: p.bbox }),
  ),
  render_junctions: action(z.strictObject({ render_ref: nameOf(P.renderRef) }), (p) => ({ renderRef: p.render_ref })),
  apply_layer_style: action(
    z.strictObject({ layer_id: Id, style: z.union([z.literal(Object.keys(STYLE_PRESETS) as [StylePreset]), LayerStyleSchema]) }),
    (p) => ({ layerId: p.layer_id, style: { ...(typeof p.style === 'string' ? STYLE_PRESETS[p.style] : p.style) } }),
  ),
};

/**
 * Checks a map action and its wire parameters. Never throws. An action this client does not implement is
 * `unknown-map-action`; parameters outside its schema are `invalid-map-params`.
 */
export function parseMapAction(action: string, params: unknown): Checked<MapRequest> {
  if (!(MAP_ACTIONS as readonly string[]).includes(action)) return fail('unknown-map-action', 'This client does not implement that map action.');
  const name = action as MapActionName;
  const checked = ACTIONS[name](params);
  return checked.ok ? ok({ action: name, params: checked.value } as MapRequest) : checked;
}

const Junctions = z.strictObject({
  type: z.literal('FeatureCollection'),
  features: some(
    z.strictObject({
      type: z.literal('Feature'),
      id: z.optional(z.union([z.string().check(z.maxLength(L.name)), z.number()])),
      geometry: z.strictObject({ type: z.literal('Point'), coordinates: tupleOf([Lon, Lat]) }),
      properties: z.union([
        z.literal(null),
        keyedBy(z.union([z.string().check(z.maxLength(L.propertyString)), z.number(), z.boolean(), z.literal(null)]), L.name, 1).check(
          z.refine((properties) => Object.keys(properties).length <= L.featureProperties),
        ),
      ]),
    }),
    L.features,
  ),
});

/**
 * Checks the GeoJSON a render_ref resolves to: a FeatureCollection of Point features in WGS 84 range, each with an
 * optional string or number `id` and flat properties (bounded strings, finite numbers, booleans, null). Never
 * throws; returns a fresh plain copy, `properties: null` as `{}`.
 */
export function checkJunctions(value: unknown): Checked<JunctionCollection> {
  const json = readJson(value, L.renderRefBytes);
  const parsed = json && Junctions.safeParse(json.value);
  if (!parsed?.success) {
    return fail('render-ref-failed', `The map data is not a collection of junction points within the limits${parsed ? issueAt(parsed.error.issues) : ''}.`);
  }
  return ok({ ...parsed.data, features: parsed.data.features.map((feature) => ({ ...feature, properties: feature.properties ?? {} })) });
}
