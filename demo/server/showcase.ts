/*
 * Two prompts of the reference agent for the demo page (docs/demo.md). The "every component" reply is one view that
 * uses each of the twelve components of the closed catalog (src/catalog/index.ts) at least once, so a visitor, the
 * demo's browser test and the README's screenshots see them all in one reply. It stays inside the v1 limits: 15
 * nodes, depth 3, at most 6 children per container, 3 media items, at most 2 actions per node.
 */

/** In the `summary` scenario, the user's words that ask for the `tools` prelude (reasoning, a todo list, a tool call). */
export const TOOLS_PROMPT = /\b(reasoning|tool calls?)\b/i;

/** The user's words that ask for it: the catalog, every component, all components. */
export const SHOWCASE_PROMPT = /\b(catalog|every component|all components)\b/i;

const CLUSTER = 'mantis://map/map-id/cluster/cluster-id';
const NEIGHBOUR = 'mantis://map/map-id/cluster/neighbour-id';

export const SHOWCASE_VIEW = {
  version: 1,
  id: 'catalog-showcase',
  root: {
    id: 'showcase',
    type: 'stack',
    children: [
      { id: 'showcase-title', type: 'heading', text: 'Every component of the catalog', level: 1 },
      {
        id: 'showcase-intro',
        type: 'callout',
        tone: 'info',
        title: 'Validated before it renders',
        body: 'Each component below was checked against a **strict schema**: data only, no HTML, URLs or scripts.',
      },
      {
        id: 'showcase-metrics',
        type: 'metric-group',
        metrics: [
          { id: 'm-points', label: 'Points', value: '128' },
          { id: 'm-density', label: 'Density', value: '0.82', change: { value: '+4%', direction: 'up', sentiment: 'positive' } },
          { id: 'm-pressure', label: 'Pressure', value: '296 kPa', change: { value: '-7%', direction: 'down', sentiment: 'negative' } },
        ],
      },
      {
        id: 'showcase-compare',
        type: 'grid',
        columns: 2,
        children: [
          {
            id: 'card-memory',
            type: 'entity-card',
            title: 'Memory systems',
            description: 'The densest cluster.',
            target: { uri: CLUSTER },
            attributes: [{ label: 'Points', value: '128' }],
            actions: [
              { id: 'card-memory-go', type: 'navigate', label: 'Show on map', target: { uri: CLUSTER } },
              {
                id: 'card-memory-bag',
                type: 'add-to-bag',
                label: 'Add its top points to a bag',
                targets: [{ uri: 'mantis://map/map-id/point/p1' }, { uri: 'mantis://map/map-id/point/p2' }],
              },
            ],
          },
          {
            id: 'card-neighbour',
            type: 'entity-card',
            title: 'Retrieval',
            description: 'Its more diverse neighbour.',
            target: { uri: NEIGHBOUR },
            attributes: [{ label: 'Points', value: '94' }],
            actions: [{ id: 'card-neighbour-sum', type: 'summarize', label: 'Summarize', target: { uri: NEIGHBOUR } }],
          },
        ],
      },
      {
        id: 'showcase-details',
        type: 'stack',
        children: [
          {
            id: 'showcase-table',
            type: 'data-table',
            caption: 'Pressure at the junctions',
            columns: [
              { id: 'col-junction', label: 'Junction' },
              { id: 'col-pressure', label: 'Pressure (kPa)', format: 'number' },
              { id: 'col-elevation', label: 'Elevation (m)', format: 'number' },
            ],
            rows: [
              { id: 'row-101', cells: ['J-101', 312, 4.2] },
              { id: 'row-102', cells: ['J-102', 298, 4.8] },
              { id: 'row-105', cells: ['J-105', 276, 5.6] },
            ],
          },
          {
            id: 'showcase-sources',
            type: 'citation-list',
            title: 'Sources',
            citations: [
              {
                id: 'cite-survey',
                title: 'Network survey, March',
                source: 'survey-2024-03.pdf',
                excerpt: 'J-105 sits lowest and sees the lowest pressure at peak demand.',
                target: { uri: 'mantis://map/map-id/point/p1' },
              },
              { id: 'cite-log', title: 'SCADA log PS-7', source: 'scada-ps7.csv' },
            ],
          },
          {
            id: 'showcase-task',
            type: 'task-card',
            state: 'suggested',
            title: 'Draft a pressure report',
            description: 'Summarize the week of readings at the five junctions.',
            actions: [
              { id: 'task-start', type: 'run-task', label: 'Start the report', task: 'Write a one-page pressure report for J-101 to J-105.' },
              { id: 'task-edit', type: 'prefill-composer', label: 'Edit the request', text: 'Write a pressure report focusing on ' },
            ],
          },
        ],
      },
      {
        id: 'showcase-media',
        type: 'stack',
        children: [
          {
            id: 'showcase-gallery',
            type: 'media-gallery',
            title: 'Junction J-101',
            items: [
              { id: 'g-map', key: 'agent_files/demo/pressure-map.png', alt: 'Pressure map around junction J-101', caption: 'Pressure map' },
              { id: 'g-photo', key: 'agent_files/demo/junction-photo.png', alt: 'Photo of junction J-101', caption: 'Site photo' },
              { id: 'g-alarm', key: 'agent_files/demo/alarm.png', alt: 'Alarm panel', caption: 'Alarm at 08:00' },
            ],
          },
          {
            id: 'showcase-artifact',
            type: 'artifact',
            title: 'Pressure readings',
            description: 'Readings of junction J-101 on 9 March, every two hours.',
            format: 'csv',
            content: 'time,junction,pressure_kpa\n2024-03-09T06:00:00Z,J-101,318\n2024-03-09T08:00:00Z,J-101,301\n2024-03-09T10:00:00Z,J-101,296\n',
          },
          {
            id: 'showcase-next',
            type: 'action-row',
            actions: [
              { id: 'next-compare', type: 'submit-followup', label: 'Compare the two clusters', text: 'Compare the two clusters.' },
              { id: 'next-draft', type: 'prefill-composer', label: 'Ask about J-105', text: 'Why is the pressure at J-105 low?' },
            ],
          },
        ],
      },
    ],
  },
};
