import { expect } from '@open-wc/testing';
import { AGENT_UI_LIMITS } from '../../../src/protocols/agent-ui/limits.js';
import { STYLE_PRESETS, checkJunctions, parseMapAction } from '../../../src/protocols/agent-ui/map.js';
import { validateEnvelope } from '../../../src/protocols/agent-ui/validate.js';
import { fullRegistry, renderRefPayload, scenario } from './fixtures.js';

const reasonOf = (action: string, params: unknown) => {
  const result = parseMapAction(action, params);
  return result.ok ? 'ok' : result.reason;
};
const point = (coordinates: unknown, properties: unknown = { id: 'J-1' }, extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  id: 'J-1',
  geometry: { type: 'Point', coordinates },
  properties,
  ...extra,
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
const junctionReason = (value: unknown) => {
  const result = checkJunctions(value);
  return result.ok ? 'ok' : result.reason;
};

describe('parseMapAction', () => {
  it('turns wire parameters into the camelCase a MapAdapter takes', () => {
    expect(parseMapAction('locate_features', { feature_ids: ['J-101', 'J-102'] })).to.deep.equal({
      ok: true,
      value: { action: 'locate_features', params: { featureIds: ['J-101', 'J-102'] } },
    });
    expect(parseMapAction('zoom_to_map', { bbox: [121.46, 31.22, 121.48, 31.24] })).to.deep.equal({
      ok: true,
      value: { action: 'zoom_to_map', params: { bbox: [121.46, 31.22, 121.48, 31.24] } },
    });
    expect(parseMapAction('render_junctions', { render_ref: 'rr_0123abcd' })).to.deep.equal({
      ok: true,
      value: { action: 'render_junctions', params: { renderRef: 'rr_0123abcd' } },
    });
    expect(parseMapAction('apply_layer_style', { layer_id: 'junctions', style: { color: '#f00', opacity: 0.5, width: 2, radius: 4, visible: true } })).to.deep.equal({
      ok: true,
      value: { action: 'apply_layer_style', params: { layerId: 'junctions', style: { color: '#f00', opacity: 0.5, width: 2, radius: 4, visible: true } } },
    });
  });

  it('maps a style preset to a copy of its paint', () => {
    const result = parseMapAction('apply_layer_style', { layer_id: 'junctions', style: 'highlight' });
    if (!result.ok || result.value.action !== 'apply_layer_style') throw new Error('expected a style');
    expect(result.value.params.style).to.deep.equal(STYLE_PRESETS.highlight);
    expect(result.value.params.style).not.to.equal(STYLE_PRESETS.highlight);
    for (const preset of Object.keys(STYLE_PRESETS)) expect(reasonOf('apply_layer_style', { layer_id: 'l', style: preset })).to.equal('ok');
  });

  it('refuses actions this client does not implement', () => {
    for (const action of ['delete_layer', 'toString', '__proto__', 'constructor', 'LOCATE_FEATURES', '']) {
      expect(reasonOf(action, {}), action).to.equal('unknown-map-action');
    }
  });

  it('refuses bad locate_features parameters', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `J-${i}`);
    expect(reasonOf('locate_features', { feature_ids: ids(AGENT_UI_LIMITS.featureIds) })).to.equal('ok');
    for (const params of [
      { feature_ids: [] },
      { feature_ids: ids(AGENT_UI_LIMITS.featureIds + 1) },
      { feature_ids: [101] },
      { feature_ids: ['J 101'] },
      { feature_ids: ['<img src=x>'] },
      { feature_ids: ['-J'] },
      { feature_ids: ['x'.repeat(AGENT_UI_LIMITS.name + 1)] },
      { feature_ids: 'J-101' },
      { featureIds: ['J-101'] },
      { feature_ids: ['J-101'], fit: true },
      null,
      [],
    ]) {
      expect(reasonOf('locate_features', params), JSON.stringify(params)?.slice(0, 60)).to.equal('invalid-map-params');
    }
  });

  it('refuses a reversed, out-of-range or non-finite bbox', () => {
    expect(reasonOf('zoom_to_map', { bbox: [-180, -90, 180, 90] })).to.equal('ok');
    for (const bbox of [
      [121.48, 31.22, 121.46, 31.24],
      [121.46, 31.24, 121.48, 31.22],
      [121.46, 31.22, 121.46, 31.24],
      [NaN, 31.22, 121.48, 31.24],
      [121.46, 31.22, Infinity, 31.24],
      [-181, 31.22, 121.48, 31.24],
      [121.46, 31.22, 181, 31.24],
      [121.46, -91, 121.48, 31.24],
      [121.46, 31.22, 121.48, 91],
      [121.46, 31.22, 121.48],
      [121.46, 31.22, 121.48, 31.24, 0],
      ['121.46', 31.22, 121.48, 31.24],
      { west: 121.46, south: 31.22, east: 121.48, north: 31.24 },
    ]) {
      expect(reasonOf('zoom_to_map', { bbox }), JSON.stringify(bbox)).to.equal('invalid-map-params');
    }
    expect(reasonOf('zoom_to_map', { bbox: [121.46, 31.22, 121.48, 31.24], padding: 20 })).to.equal('invalid-map-params');
  });

  it('takes only a well-formed render_ref for render_junctions', () => {
    expect(reasonOf('render_junctions', { render_ref: 'x'.repeat(AGENT_UI_LIMITS.name) })).to.equal('ok');
    for (const params of [
      { render_ref: 'rr_1', session_id: 's' },
      { render_ref: 'rr_1', features: [] },
      { render_ref: 'rr_1', url: 'https://evil.example/x.json' },
      { render_ref: '../ui-registry' },
      { render_ref: 'rr 1' },
      { render_ref: 'rr_1?x=1' },
      { render_ref: '' },
      { render_ref: 'x'.repeat(AGENT_UI_LIMITS.name + 1) },
      { render_ref: 1 },
      { renderRef: 'rr_1' },
      {},
    ]) {
      expect(reasonOf('render_junctions', params), JSON.stringify(params)).to.equal('invalid-map-params');
    }
  });

  it('refuses styles outside the allowlist and its bounds', () => {
    for (const style of [
      'neon',
      'url(https://evil.example/x.png)',
      '__proto__',
      {},
      { color: 'url(https://evil.example/x.png)' },
      { color: 'red' },
      { color: '#12345' },
      { color: 'rgb(0,0,0)' },
      { opacity: 1.5 },
      { opacity: -0.1 },
      { width: AGENT_UI_LIMITS.layerWidth + 1 },
      { radius: AGENT_UI_LIMITS.layerRadius + 1 },
      { visible: 'yes' },
      { 'fill-pattern': 'x' },
      { 'icon-image': 'x' },
      { color: '#fff', filter: ['==', 'id', 'x'] },
      ['default'],
    ]) {
      expect(reasonOf('apply_layer_style', { layer_id: 'junctions', style }), JSON.stringify(style)).to.equal('invalid-map-params');
    }
    for (const layer_id of ['', 'junctions fill', '<b>', 'x'.repeat(AGENT_UI_LIMITS.name + 1)]) {
      expect(reasonOf('apply_layer_style', { layer_id, style: 'muted' }), layer_id).to.equal('invalid-map-params');
    }
    expect(reasonOf('apply_layer_style', { layer_id: 'junctions', style: 'muted', source: 'x' })).to.equal('invalid-map-params');
  });

  it('is checked through the registry for map_action envelopes, on map_overlay only', async () => {
    const registry = await fullRegistry();
    const envelope = (surface: string, params: unknown) => ({ kind: 'map_action', schemaVersion: 'agent-ui@1', action: 'zoom_to_map', surface, params });
    const reason = (value: unknown) => {
      const result = validateEnvelope(value, registry);
      return result.ok ? 'ok' : result.reason;
    };
    expect(reason(envelope('map_overlay', { bbox: [1, 2, 3, 4] }))).to.equal('ok');
    expect(reason(envelope('chat_inline', { bbox: [1, 2, 3, 4] }))).to.equal('invalid-surface');
    expect(reason(envelope('map_overlay', { bbox: [3, 2, 1, 4] }))).to.equal('invalid-map-params');
    expect(reason({ ...envelope('map_overlay', {}), action: 'run_script' })).to.equal('unknown-map-action');
  });
});

describe('checkJunctions', () => {
  it("accepts the reference server's render_ref payload and returns a fresh copy", async () => {
    const { sessionId, envelopes } = await scenario('default');
    const map = envelopes[2] as { params: { render_ref: string } };
    const payload = await renderRefPayload(map.params.render_ref, sessionId);
    const result = checkJunctions(payload);
    if (!result.ok) throw new Error(result.message);
    expect(result.value).to.deep.equal(payload);
    expect(result.value.features).to.have.length(5);
    expect(result.value).not.to.equal(payload);
    expect(result.value.features[0]).not.to.equal((payload as { features: unknown[] }).features[0]);
    expect(checkJunctions(JSON.stringify(payload)).ok).to.equal(true);
  });

  it('accepts numeric IDs, no ID, null properties (as {}), and flat values', () => {
    const result = checkJunctions(
      collection(
        { ...point([0, 0]), id: 7 },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [180, -90] }, properties: null },
        point([-180, 90], { name: 'x'.repeat(AGENT_UI_LIMITS.propertyString), n: 1.5, ok: true, none: null }),
      ),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.value.features[1]!.properties).to.deep.equal({});
    expect(checkJunctions(collection()).ok).to.equal(true);
  });

  it('refuses other geometry, bad coordinates, nested or oversized properties, and too many features', () => {
    const manyProps = Object.fromEntries(Array.from({ length: AGENT_UI_LIMITS.featureProperties + 1 }, (_, i) => [`p${i}`, i]));
    const features = (n: number) => Array.from({ length: n }, () => point([1, 2]));
    expect(junctionReason(collection(...features(AGENT_UI_LIMITS.features)))).to.equal('ok');
    for (const [name, value] of [
      ['too many features', collection(...features(AGENT_UI_LIMITS.features + 1))],
      ['a LineString', collection({ ...point([1, 2]), geometry: { type: 'LineString', coordinates: [[1, 2], [3, 4]] } })],
      ['a MultiPoint', collection({ ...point([1, 2]), geometry: { type: 'MultiPoint', coordinates: [[1, 2]] } })],
      ['a Feature, not a collection', point([1, 2])],
      ['a longitude out of range', collection(point([181, 0]))],
      ['a latitude out of range', collection(point([0, -91]))],
      ['NaN', collection(point([NaN, 0]))],
      ['Infinity', collection(point([0, Infinity]))],
      ['a string coordinate', collection(point(['1', 2]))],
      ['an altitude', collection(point([1, 2, 3]))],
      ['one coordinate', collection(point([1]))],
      ['a nested property', collection(point([1, 2], { a: { b: 1 } }))],
      ['an array property', collection(point([1, 2], { a: [1] }))],
      ['a long string property', collection(point([1, 2], { a: 'x'.repeat(AGENT_UI_LIMITS.propertyString + 1) }))],
      ['too many properties', collection(point([1, 2], manyProps))],
      ['an object ID', collection({ ...point([1, 2]), id: { x: 1 } })],
      ['a style on a feature', collection(point([1, 2], {}, { style: { color: 'red' } }))],
      ['a crs member', { ...collection(), crs: { type: 'name' } }],
      ['a function', collection(point([1, 2], { f: () => 1 }))],
      ['a missing geometry', collection({ type: 'Feature', properties: {} })],
      ['not JSON', '{"type":'],
      ['null', null],
    ] as const) {
      expect(junctionReason(value), name).to.equal('render-ref-failed');
    }
  });

  it('refuses __proto__, constructor and prototype keys, leaving Object.prototype alone', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const text = `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"${key}":{"polluted":1}}}]}`;
      expect(junctionReason(text), key).to.equal('render-ref-failed');
      expect(junctionReason(JSON.parse(text)), key).to.equal('render-ref-failed');
      const flat = `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"${key}":1}}]}`;
      expect(junctionReason(flat), key).to.equal('render-ref-failed');
    }
    expect(({} as { polluted?: number }).polluted).to.equal(undefined);
  });
});
