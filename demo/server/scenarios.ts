import { LIMITS, type MessageEvent, type ProtocolMarker, type UiEnvelopeEvent } from '../../src/index.js';
import type { Session } from './sessions.js';
import { SHOWCASE_PROMPT, SHOWCASE_VIEW } from './showcase.js';

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
  // The demo's "every component" reply (demo/server/showcase.ts) is asked for by name; photos win over it.
  const view = /\b(photos?|media|artifacts?)\b/i.test(userText) ? MEDIA_VIEW : SHOWCASE_PROMPT.test(userText) ? SHOWCASE_VIEW : SUMMARY_VIEW;
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

/** A message event before the server numbers it. */
export type Unsequenced = MessageEvent extends unknown ? (MessageEvent extends infer E ? (E extends MessageEvent ? Omit<E, 'message_id' | 'sequence'> : never) : never) : never;

/** An assistant message being written: its events are numbered from 0 and published to the session (and its log). */
export interface OpenMessage {
  readonly id: string;
  /** Set when the client sent `abort` for this message. */
  readonly signal: AbortSignal;
  publish(event: Unsequenced): void;
  /** An agent-ui@1 envelope of this message, with its next sequence number (the SSE stream alone carries it). */
  envelope(payload: UiEnvelopeEvent): void;
  /** `message_end`; the message can no longer be aborted. */
  end(): void;
}

/**
 * Starts an assistant message: publishes its `message_start` with the trusted marker, and `in_reply_to` the user
 * message it answers (none for a turn the server starts itself, like the answer to an A2UI client action).
 */
export function openMessage(session: Session, marker: ProtocolMarker, replyTo?: string): OpenMessage {
  const id = `assistant-${session.log.length}-${Date.now().toString(36)}`;
  const abort = new AbortController();
  session.streams.set(id, abort);
  const publish = (event: Unsequenced): void => session.publish({ ...event, message_id: id, sequence: session.nextSequence(id) } as MessageEvent);
  const wire = { inline_ui_version: marker.inlineUiVersion, mode: marker.mode };
  publish(replyTo === undefined ? { type: 'message_start', marker: wire } : { type: 'message_start', marker: wire, in_reply_to: replyTo });
  return {
    id,
    signal: abort.signal,
    publish,
    envelope: (payload) => session.publish({ type: 'ui_envelope', message_id: id, sequence: session.nextSequence(id), payload }),
    end: () => {
      session.streams.delete(id);
      publish({ type: 'message_end' });
    },
  };
}

/** Streams text into a message in deltas, `pause` between them; stops early when the message is aborted. */
export async function streamText(message: OpenMessage, text: string, chunk: number, pause: () => Promise<void>): Promise<void> {
  for (const delta of toDeltas(text, chunk)) {
    if (message.signal.aborted) return;
    await pause();
    message.publish({ type: 'text_delta', delta });
  }
}

/**
 * The `tools` scenario before its reply: reasoning, text, a todo list, a `search_map` call, the todo list again. As a
 * later backend (`future`), the call is `queued` first and the list has a `cancelled` item: states not listed.
 */
export async function toolsPrelude(message: OpenMessage, userText: string, chunk: number, pause: () => Promise<void>, future = false): Promise<void> {
  message.publish({ type: 'reasoning_start', reasoning_id: 'r1' });
  for (const delta of toDeltas('The user wants the densest cluster; search the map first.', chunk)) {
    await pause();
    message.publish({ type: 'reasoning_delta', reasoning_id: 'r1', delta });
  }
  message.publish({ type: 'reasoning_end', reasoning_id: 'r1' });
  for (const delta of toDeltas('Let me search the map', chunk)) {
    await pause();
    message.publish({ type: 'text_delta', delta });
  }
  const todos = (first: 'in_progress' | 'completed') => [
    { id: 't1', text: 'Search the map', status: first },
    { id: 't2', text: 'Refresh the saved cluster report', status: 'pending' as const, task_id: 7 },
    ...(future ? [{ id: 't3', text: 'Ask the archive', status: 'cancelled' }] : []),
  ];
  message.publish({ type: 'todo', todos: todos('in_progress') });
  if (future) message.publish({ type: 'tool', tool_call_id: 'call-1', tool_name: 'search_map', state: 'queued', input: { query: userText.slice(0, 80) } });
  message.publish({ type: 'tool', tool_call_id: 'call-1', tool_name: 'search_map', state: 'running', input: { query: userText.slice(0, 80) } });
  await pause();
  message.publish({ type: 'tool', tool_call_id: 'call-1', tool_name: 'search_map', state: 'completed', output: { clusters: 3 } });
  message.publish({ type: 'todo', todos: todos('completed') });
}
