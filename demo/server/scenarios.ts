import { LIMITS, type ProtocolMarker } from '../../src/index.js';

/*
 * Scripted replies of the reference agent. The reply text is what a model would author; the server decides from
 * the negotiated capability and the mode whether a view may appear in it at all.
 */

const SUMMARY_VIEW = {
  version: 1,
  id: 'cluster-summary',
  root: {
    id: 'summary',
    type: 'stack',
    children: [
      { id: 'title', type: 'heading', text: 'Memory systems', level: 1 },
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

/** The default reply: a paragraph, one `mantis-ui` fence, another paragraph. */
export function scriptedReply(marker: ProtocolMarker, userText: string): string {
  const intro = `You asked: *${userText.replace(/[*_`\\[\]<>]/g, '').slice(0, 80)}*. The strongest cluster contains the most representative records.`;
  const outro = 'The neighboring cluster is more diverse; ask me to **compare** them.';
  if (marker.inlineUiVersion !== 1 || marker.mode === 'visual-tour') {
    return `${intro}\n\n- Memory systems: 128 points\n- Densest cluster of the map\n\n${outro}\n`;
  }
  return `${intro}\n\n\`\`\`mantis-ui\n${JSON.stringify(SUMMARY_VIEW)}\n\`\`\`\n\n${outro}\n`;
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
