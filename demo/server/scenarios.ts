import { LIMITS, type ProtocolMarker } from '../../src/index.js';

/*
 * Scripted replies of the reference agent. The reply text is what a model would author; the server decides from
 * the negotiated capability and the mode whether a view may appear in it at all.
 */

const CLUSTER = 'mantis://map/map-id/cluster/cluster-id';

const SUMMARY_VIEW = {
  version: 1,
  id: 'cluster-summary',
  root: {
    id: 'summary',
    type: 'stack',
    children: [
      { id: 'title', type: 'heading', text: 'Memory systems', level: 1 },
      {
        id: 'stats',
        type: 'metric-group',
        metrics: [
          { id: 'points', label: 'Points', value: '128' },
          { id: 'density', label: 'Density', value: '0.82', change: { value: '+4%', direction: 'up', sentiment: 'positive' } },
          { id: 'sources', label: 'Sources', value: '14' },
        ],
      },
      {
        id: 'card',
        type: 'entity-card',
        title: 'Memory systems',
        description: 'The densest result cluster.',
        target: { uri: CLUSTER },
        attributes: [{ label: 'Points', value: '128' }],
        actions: [
          { id: 'summarize', type: 'summarize', label: 'Summarize', target: { uri: CLUSTER } },
          { id: 'go', type: 'navigate', label: 'Show on map', target: { uri: CLUSTER } },
          {
            id: 'keep',
            type: 'add-to-bag',
            label: 'Add the top points to a bag',
            targets: [{ uri: 'mantis://map/map-id/point/p1' }, { uri: 'mantis://map/map-id/point/p2' }],
          },
        ],
      },
      {
        id: 'note',
        type: 'callout',
        tone: 'info',
        title: 'Densest cluster',
        body: `It holds **128 points**, the most representative records of the map. Views are limited to ${LIMITS.nodesPerView} nodes.`,
      },
    ],
  },
};

/** Asked for photos, media or an artifact: a gallery of the media store's files and an artifact for the panel. */
const MEDIA_VIEW = {
  version: 1,
  id: 'junction-media',
  root: {
    id: 'media',
    type: 'stack',
    children: [
      {
        id: 'photos',
        type: 'media-gallery',
        title: 'Junction J-101',
        items: [
          { id: 'map', key: 'agent_files/demo/pressure-map.png', alt: 'Pressure map around junction J-101', caption: 'Pressure map' },
          { id: 'photo', key: 'agent_files/demo/junction-photo.png', alt: 'Photo of junction J-101' },
          { id: 'alarm', key: 'agent_files/demo/alarm.png', alt: 'Alarm panel', caption: 'Alarm at 08:00' },
          { id: 'readings', key: 'agent_files/demo/readings.csv', alt: 'Pressure readings as CSV', caption: 'Readings (CSV)' },
        ],
      },
      {
        id: 'readings-artifact',
        type: 'artifact',
        title: 'Pressure readings',
        description: 'Readings of junction J-101 on 9 March, every two hours.',
        format: 'csv',
        content: 'time,junction,pressure_kpa\n2024-03-09T06:00:00Z,J-101,318\n2024-03-09T08:00:00Z,J-101,301\n2024-03-09T10:00:00Z,J-101,296\n',
      },
    ],
  },
};

/** Visual Tour replies keep their whole-message JSON contract: the entire message is this object. */
const TOUR = {
  tour: {
    version: 1,
    title: 'A tour of the memory cluster',
    summary: 'Three stops, from the densest records outwards.',
    steps: [
      { id: 'core', title: 'The core', body: 'The **128 points** at the centre.', target: { uri: CLUSTER } },
      { id: 'edge', title: 'The edge', body: 'Where the cluster meets its neighbour.', target: { uri: 'mantis://map/map-id/point/p1' } },
      { id: 'bag', title: 'Saved points', body: 'The points kept for later.', target: { uri: 'mantis://map/map-id/bag/b1' } },
    ],
  },
};

/** The default reply: a paragraph, one `mantis-ui` fence, another paragraph. */
export function scriptedReply(marker: ProtocolMarker, userText: string): string {
  const intro = `You asked: *${userText.replace(/[*_`\\[\]<>]/g, '').slice(0, 80)}*. The strongest cluster contains the most representative records.`;
  const outro = 'The neighboring cluster is more diverse; ask me to **compare** them.';
  if (marker.mode === 'visual-tour') return JSON.stringify(TOUR);
  if (marker.inlineUiVersion !== 1) {
    return `${intro}\n\n- Memory systems: 128 points\n- Densest cluster of the map\n\n${outro}\n`;
  }
  const view = /\b(photos?|media|artifacts?)\b/i.test(userText) ? MEDIA_VIEW : SUMMARY_VIEW;
  return `${intro}\n\n\`\`\`mantis-ui\n${JSON.stringify(view)}\n\`\`\`\n\n${outro}\n`;
}

/** Splits a reply into small deltas, as a model streams tokens (sizes vary from 1 to `max` characters). */
export function toDeltas(text: string, max = 7): string[] {
  const deltas: string[] = [];
  let seed = 7;
  for (let i = 0; i < text.length; ) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const size = 1 + (seed % max);
    // A split may fall inside a surrogate pair: JSON carries each half as an escape, and the client copes.
    deltas.push(text.slice(i, i + size));
    i += size;
  }
  return deltas;
}
