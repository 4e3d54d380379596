import type { PersistedMessage } from '../message/messages.js';

/*
 * Ready-made valid content for tests: views with a few catalog components, a chart envelope, an A2UI form and a
 * persisted conversation. All are frozen, so no test can change what another one renders; a node test checks each
 * against the schemas the chat renders through.
 */

function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) freeze(item);
    Object.freeze(value);
  }
  return value;
}

const CLUSTER = 'mantis://map/map-id/cluster/cluster-id';

/** Views (`{"version":1,"id","root"}`), each with one catalog component at its root, and `summary` with several. */
export const viewFixtures = freeze({
  /** A `heading`. */
  heading: { version: 1, id: 'fixture-heading', root: { id: 'title', type: 'heading', text: 'Memory systems', level: 2 } },
  /** A `callout` with Markdown in its body. */
  callout: { version: 1, id: 'fixture-callout', root: { id: 'note', type: 'callout', tone: 'info', title: 'Densest cluster', body: 'It holds **128 points**.' } },
  /** A `metric-group` of three metrics. */
  metrics: {
    version: 1,
    id: 'fixture-metrics',
    root: {
      id: 'stats',
      type: 'metric-group',
      metrics: [
        { id: 'points', label: 'Points', value: '128' },
        { id: 'density', label: 'Density', value: '0.82', change: { value: '+4%', direction: 'up', sentiment: 'positive' } },
        { id: 'sources', label: 'Sources', value: '14' },
      ],
    },
  },
  /** A `data-table` of three rows. */
  table: {
    version: 1,
    id: 'fixture-table',
    root: {
      id: 'clusters',
      type: 'data-table',
      caption: 'Largest clusters',
      columns: [
        { id: 'col-name', label: 'Cluster' },
        { id: 'col-points', label: 'Points', format: 'number' },
      ],
      rows: [
        { id: 'row-memory', cells: ['Memory systems', 128] },
        { id: 'row-retrieval', cells: ['Retrieval', 94] },
        { id: 'row-agents', cells: ['Agents', 61] },
      ],
    },
  },
  /**
   * An `entity-card` with two actions: `Compare` (submit-followup: sends "Compare the two clusters" after its
   * confirmation) and `Ask about it` (prefill-composer: puts a question in the message box).
   */
  card: {
    version: 1,
    id: 'fixture-card',
    root: {
      id: 'card',
      type: 'entity-card',
      title: 'Memory systems',
      description: 'The densest result cluster.',
      target: { uri: CLUSTER },
      attributes: [{ label: 'Points', value: '128' }],
      actions: [
        { id: 'compare', type: 'submit-followup', label: 'Compare', text: 'Compare the two clusters' },
        { id: 'ask', type: 'prefill-composer', label: 'Ask about it', text: 'What is in the memory cluster?' },
      ],
    },
  },
  /** A `stack` holding a heading, metrics and a callout. */
  summary: {
    version: 1,
    id: 'fixture-summary',
    root: {
      id: 'summary',
      type: 'stack',
      children: [
        { id: 'summary-title', type: 'heading', text: 'Cluster summary', level: 2 },
        { id: 'summary-stats', type: 'metric-group', metrics: [{ id: 'summary-points', label: 'Points', value: '128' }] },
        { id: 'summary-note', type: 'callout', tone: 'success', body: 'The cluster is stable.' },
      ],
    },
  },
} as const);

/** An agent-ui@1 chart (echarts-safe-subset: a line over five points), shown in place in the chat. */
export const chartEnvelope = freeze({
  kind: 'chart',
  schemaVersion: 'agent-ui@1',
  grammar: 'echarts-safe-subset',
  surface: 'chat_inline',
  spec: {
    title: { text: 'Pressure at J-101 (kPa)' },
    xAxis: { type: 'category', name: 'time' },
    yAxis: { type: 'value', name: 'kPa' },
    series: [{ type: 'line', name: 'Pressure', encode: { x: 'time', y: 'pressure_kpa' } }],
  },
  data: {
    dimensions: ['time', 'pressure_kpa'],
    source: [
      ['06:00', 318],
      ['08:00', 301],
      ['10:00', 296],
      ['12:00', 305],
      ['14:00', 309],
    ],
  },
  fallbackText: 'Pressure at J-101 fell from 318 kPa at 06:00 to 296 kPa at 10:00, then recovered to 309 kPa by 14:00.',
} as const);

const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/**
 * The A2UI messages of a booking form (surface `booking`, basic catalog): a Name field, a Book button whose `submit`
 * action carries `{ name }`, and a status line. Send them with `reply().a2ui(a2uiFormMessages)`.
 */
export const a2uiFormMessages = freeze([
  { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: BASIC } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['heading', 'status', 'name', 'book'] },
        { id: 'heading', component: 'Text', text: 'Book a table', variant: 'h2' },
        { id: 'status', component: 'Text', text: { path: '/status' }, variant: 'caption' },
        { id: 'name', component: 'TextField', label: 'Name', value: { path: '/form/name' }, variant: 'shortText' },
        { id: 'book-label', component: 'Text', text: 'Book' },
        { id: 'book', component: 'Button', child: 'book-label', variant: 'primary', action: { event: { name: 'submit', context: { name: { path: '/form/name' } } } } },
      ],
    },
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/', value: { status: 'Fill in the form', form: { name: '' } } } },
] as const);

const MARKER = { inlineUiVersion: 1, mode: 'orchestrator' } as const;
const ANSWER = `Here is the cluster.\n\n\`\`\`mantis-ui\n${JSON.stringify(viewFixtures.heading)}\n\`\`\`\n\nAsk me for more.`;

/**
 * A persisted conversation (`<mantis-chat>.messages`): a question, and an answer that searched the map (a tool call)
 * and shows a heading view between two paragraphs.
 */
export const historyFixture: readonly PersistedMessage[] = freeze([
  { id: 'history-user-1', role: 'user', text: 'Which cluster is densest?' },
  {
    id: 'history-assistant-1',
    role: 'assistant',
    text: ANSWER,
    marker: MARKER,
    sequence: 5,
    inReplyTo: 'history-user-1',
    events: [
      {
        at: 0,
        receivedAt: 1_704_067_200_000,
        event: { type: 'tool', message_id: 'history-assistant-1', sequence: 1, tool_call_id: 'call-1', tool_name: 'search_map', state: 'completed', input: { query: 'densest cluster' }, output: { clusters: 3 } },
      },
    ],
  },
]);
