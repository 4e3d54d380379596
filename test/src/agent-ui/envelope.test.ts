import { expect } from '@open-wc/testing';
import { describeRejection, fallbackTextOf, parseEnvelope } from '../../../src/protocols/agent-ui/envelope.js';
import { AGENT_UI_LIMITS } from '../../../src/protocols/agent-ui/limits.js';
import type { EnvelopeRejection } from '../../../src/protocols/agent-ui/types.js';
import { validateEnvelope } from '../../../src/protocols/agent-ui/validate.js';
import { OWN_ATTACKS, sharedCorpusOrSkip } from '../../helpers/corpus.js';
import { fullRegistry, scenario, serverChart } from './fixtures.js';

const history = (props: unknown = { start_time: '2024-03-09T00:00:00Z', end_time: '2024-03-10T00:00:00Z' }) => ({
  kind: 'registered_component',
  schemaVersion: 'agent-ui@1',
  component: 'HistoryPanel',
  surface: 'chat_inline',
  props,
  fallbackText: 'History.',
});
const zoom = (surface = 'map_overlay', params: unknown = { bbox: [121.46, 31.22, 121.48, 31.24] }) => ({
  kind: 'map_action',
  schemaVersion: 'agent-ui@1',
  action: 'zoom_to_map',
  surface,
  params,
});
const reason = (value: unknown): EnvelopeRejection | 'ok' => {
  const result = parseEnvelope(value);
  return result.ok ? 'ok' : result.reason;
};
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

describe('agent-ui envelopes: the reference server', () => {
  it('accepts every envelope of the default scenario, end to end', async () => {
    const registry = await fullRegistry();
    const { envelopes } = await scenario('default');
    expect(envelopes.map((e) => (e as { kind: string }).kind)).to.deep.equal(['registered_component', 'chart', 'map_action']);
    const results = envelopes.map((envelope) => validateEnvelope(envelope, registry));
    expect(results.map((r) => (r.ok ? 'ok' : r.message))).to.deep.equal(['ok', 'ok', 'ok']);
    const [panel, chart, map] = results.map((r) => (r.ok ? r.value : null));
    expect(panel?.kind === 'registered_component' && panel.component.tagName).to.equal('demo-history-panel');
    expect(chart?.chart?.title).to.equal('Pressure at J-101 (kPa)');
    expect(map?.kind === 'map_action' && map.request.action).to.equal('render_junctions');
  });

  it('rejects every envelope of the invalid scenario except the chart, each for its reason, with its fallbackText', async () => {
    const registry = await fullRegistry();
    const { envelopes } = await scenario('invalid');
    const results = envelopes.map((envelope) => validateEnvelope(envelope, registry));
    expect(results.map((r) => (r.ok ? r.value.kind : r.reason))).to.deep.equal([
      'invalid-envelope',
      'invalid-surface',
      'chart',
      'invalid-props',
      'invalid-props',
      'unknown-component',
    ]);
    for (const [i, envelope] of envelopes.entries()) {
      const text = fallbackTextOf(envelope);
      expect(text, `envelope ${i}`).to.be.a('string').and.not.equal('');
      expect(fallbackTextOf(JSON.stringify(envelope))).to.equal(text);
    }
    for (const result of results) if (!result.ok) expect(result.message).not.to.match(/<img|onerror|rm -rf|ShellPanel|2024-/);
  });
});

describe('parseEnvelope', () => {
  it('accepts an object or JSON text and returns a fresh copy', () => {
    const input = history();
    const parsed = parseEnvelope(input);
    expect(parsed.ok).to.equal(true);
    if (!parsed.ok || parsed.value.kind !== 'registered_component') throw new Error('expected a component');
    expect(parsed.value).to.deep.equal(input);
    expect(parsed.value).not.to.equal(input);
    expect(parsed.value.props).not.to.equal(input.props);
    expect(parseEnvelope(JSON.stringify(input))).to.deep.equal(parsed);
  });

  it('accepts each kind with its optional fields left out', () => {
    const { fallbackText: _f, ...bare } = history();
    expect(reason(bare)).to.equal('ok');
    expect(reason({ ...bare, data: { rows: [1, 2] } })).to.equal('ok');
    expect(reason(zoom())).to.equal('ok');
    const { fallbackText: _c, ...chart } = serverChart();
    expect(reason(chart)).to.equal('ok');
  });

  it('maps a wrong surface to invalid-surface and another grammar to unknown-grammar', () => {
    expect(reason(zoom('chat_inline'))).to.equal('invalid-surface');
    expect(reason(zoom('side_panel'))).to.equal('invalid-surface');
    expect(reason({ ...serverChart(), surface: 'map_overlay' })).to.equal('invalid-surface');
    expect(reason({ ...serverChart(), grammar: 'vega-lite' })).to.equal('unknown-grammar');
    expect(reason({ ...serverChart(), grammar: 'vega-lite', surface: 'map_overlay' })).to.equal('invalid-envelope');
  });

  it('rejects what is not a UIEnvelope as invalid-envelope', () => {
    const { props: _p, ...noProps } = history();
    const { data: _d, ...noData } = serverChart();
    for (const value of [
      null,
      1,
      'not json',
      '{"kind":',
      [],
      {},
      { ...history(), kind: 'html', html: '<b>' },
      { ...history(), schemaVersion: 'agent-ui@2' },
      { ...history(), onclick: 'alert(1)' },
      noProps,
      noData,
      { ...history(), surface: undefined },
      { ...history(), component: 'history-panel' },
      { ...history(), component: '1Panel' },
      { ...history(), component: `P${'a'.repeat(AGENT_UI_LIMITS.name)}` },
      { ...history(), component: '__proto__' },
      { ...zoom(), action: 'Zoom' },
      { ...zoom(), action: 'zoom to map' },
      { ...history(), fallbackText: 'x'.repeat(AGENT_UI_LIMITS.fallbackText + 1) },
      { ...history(), fallbackText: 1 },
    ]) {
      expect(reason(value), JSON.stringify(value)?.slice(0, 80)).to.equal('invalid-envelope');
    }
    expect(reason({ ...history(), component: `P${'a'.repeat(AGENT_UI_LIMITS.name - 1)}` })).to.equal('ok');
    expect(reason({ ...history(), fallbackText: 'x'.repeat(AGENT_UI_LIMITS.fallbackText) })).to.equal('ok');
  });

  it(`rejects envelopes over ${AGENT_UI_LIMITS.envelopeBytes} bytes and deeper than ${AGENT_UI_LIMITS.depth}, as text and as values`, () => {
    const fill = (bytes: number) => {
      const base = JSON.stringify(history({ note: '' })).length;
      return history({ note: 'é'.repeat(Math.floor((bytes - base) / 2)) });
    };
    expect(reason(fill(AGENT_UI_LIMITS.envelopeBytes))).to.equal('ok');
    expect(reason(fill(AGENT_UI_LIMITS.envelopeBytes + 2))).to.equal('invalid-envelope');
    expect(reason(JSON.stringify(fill(AGENT_UI_LIMITS.envelopeBytes + 2)))).to.equal('invalid-envelope');
    // The envelope is depth 1, its props 2: props may nest depth - 2 more levels.
    expect(reason(history(nested(AGENT_UI_LIMITS.depth - 2)))).to.equal('ok');
    expect(reason(history(nested(AGENT_UI_LIMITS.depth - 1)))).to.equal('invalid-envelope');
    expect(reason(JSON.stringify(history(nested(AGENT_UI_LIMITS.depth - 1))))).to.equal('invalid-envelope');
  });

  it('rejects values that are not plain JSON, without throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const sparse: unknown[] = [];
    sparse.length = 2 ** 31;
    const shared = Array.from({ length: 64 }, () => 0);
    let bomb: unknown = shared;
    for (let i = 0; i < 8; i++) bomb = Array.from({ length: 64 }, () => bomb);
    class Props {
      start_time = '2024-03-09T00:00:00Z';
    }
    const withGetter = {
      get start_time() {
        throw new Error('boom');
      },
    };
    for (const props of [
      () => 1,
      { f: () => 1 },
      new Date(0),
      new Map(),
      new Props(),
      withGetter,
      { n: NaN },
      { n: Infinity },
      { n: 1n },
      { u: undefined },
      [undefined],
      Symbol('x'),
      cyclic,
      sparse,
      bomb,
      new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }),
      new Proxy([], { get: () => { throw new Error('trap'); } }),
    ]) {
      expect(() => parseEnvelope(history(props))).not.to.throw();
      expect(reason(history(props))).to.equal('invalid-envelope');
    }
    expect(reason(history(Object.create(null) as object))).to.equal('ok');
  });

  it('refuses __proto__, constructor and prototype keys anywhere, leaving Object.prototype alone', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const text = `{"kind":"registered_component","schemaVersion":"agent-ui@1","component":"HistoryPanel","surface":"chat_inline","props":{"a":{"${key}":{"polluted":1}}}}`;
      expect(reason(text), key).to.equal('invalid-envelope');
      expect(reason(JSON.parse(text))).to.equal('invalid-envelope');
    }
    expect(({} as { polluted?: number }).polluted).to.equal(undefined);
  });

  it('says what is wrong in one sentence, naming only plain keys', () => {
    const result = parseEnvelope({ ...history(), '<img src=x onerror=alert(1)>': 1 });
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.message).to.match(/^[^\n]+\.$/);
    expect(result.message).not.to.contain('<img');
    const named = parseEnvelope({ ...history(), extra: 1 });
    expect(!named.ok && named.message).to.contain('extra');
  });
});

describe('fallbackTextOf and describeRejection', () => {
  it('finds fallbackText in any value, trimmed, cleaned and capped', () => {
    expect(fallbackTextOf({ kind: 'nonsense', fallbackText: '  Plain words.  ' })).to.equal('Plain words.');
    expect(fallbackTextOf('{"fallbackText":"From JSON text."}')).to.equal('From JSON text.');
    expect(fallbackTextOf({ fallbackText: 'a\u202Eevil\u202C\u0000b' })).to.equal('aevilb');
    expect(fallbackTextOf({ fallbackText: 'line\nbreak' })).to.equal('line\nbreak');
    expect(fallbackTextOf({ fallbackText: 'x'.repeat(AGENT_UI_LIMITS.fallbackText * 3) })).to.have.length(AGENT_UI_LIMITS.fallbackText);
    const pair = `${'x'.repeat(AGENT_UI_LIMITS.fallbackText - 1)}😀`;
    expect(fallbackTextOf({ fallbackText: pair })).to.equal('x'.repeat(AGENT_UI_LIMITS.fallbackText - 1));
    for (const value of [undefined, null, 1, 'text', [], {}, { fallbackText: 1 }, { fallbackText: '   ' }, Object.create({ fallbackText: 'inherited' })]) {
      expect(fallbackTextOf(value)).to.equal(undefined);
    }
    const hostile = new Proxy({}, { getOwnPropertyDescriptor: () => { throw new Error('trap'); } });
    expect(fallbackTextOf(hostile)).to.equal(undefined);
    expect(fallbackTextOf({ get fallbackText() { return 'getter'; } })).to.equal(undefined);
  });

  it('has one plain sentence for every reason', () => {
    const reasons: EnvelopeRejection[] = [
      'invalid-envelope', 'invalid-surface', 'unknown-component', 'invalid-props', 'unknown-grammar', 'invalid-chart',
      'unknown-map-action', 'invalid-map-params', 'no-surface', 'render-ref-failed', 'registry-unavailable', 'render-failed',
    ];
    const sentences = reasons.map(describeRejection);
    for (const sentence of sentences) expect(sentence).to.match(/^[A-Z][^\n]+\.$/);
    expect(new Set(sentences).size).to.equal(reasons.length);
  });
});

describe('agent-ui envelopes: attack inputs', () => {
  async function check(payloads: readonly string[]) {
    const registry = await fullRegistry();
    for (const payload of payloads) {
      // As fallbackText: shown as text, so accepted when short enough; what shows has no controls or overrides.
      const asFallback = parseEnvelope({ ...history(), fallbackText: payload });
      expect(asFallback.ok || asFallback.reason === 'invalid-envelope').to.equal(true);
      expect(fallbackTextOf({ fallbackText: payload }) ?? '').not.to.match(/[\u0000-\u0008\u202a-\u202e\u2066-\u2069]/);
      // As a component name: only plain identifiers get through.
      const asName = validateEnvelope({ ...history(), component: payload }, registry);
      if (asName.ok) expect(payload).to.match(/^[A-Za-z]\w*$/);
      else expect(asName.reason).to.be.oneOf(['invalid-envelope', 'unknown-component']);
      // As a props value: the panel's schema refuses it, and the message does not echo it.
      const asProps = validateEnvelope(history({ start_time: payload, end_time: '2024-03-10T00:00:00Z' }), registry);
      expect(asProps.ok).to.equal(false);
      if (!asProps.ok && payload.length > 3) expect(asProps.message).not.to.contain(payload);
      // As an envelope's JSON text.
      expect(parseEnvelope(payload).ok).to.equal(false);
      // As a chart title, validated end to end.
      const chart = serverChart();
      const asTitle = validateEnvelope({ ...chart, spec: { ...chart.spec, title: { text: payload } } }, registry);
      if (asTitle.ok) expect(payload).not.to.match(/[<>]|javascript:|\/\/|\{[^}]*\}/i);
    }
    expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
  }

  it("runs the suite's own attack inputs", async () => {
    await check(OWN_ATTACKS);
  });

  it('runs the shared attack corpus (skipped, saying so, when ../shared is absent)', async function () {
    const corpus = await sharedCorpusOrSkip(this, 'its agent-ui envelope checks');
    this.timeout(60_000);
    await check(Object.values(corpus).flat().map((entry) => entry.payload));
  });
});
