/*
 * Runs in Chromium (bundled by bench/streaming.ts). Streams an answer in 4-character chunks through the real
 * <mantis-chat> (parse, validate, restricted Markdown, sanitize, DOM commit per chunk) and through the naive
 * approach (marked.parse + DOMPurify.sanitize of the whole text on every chunk, committed with innerHTML).
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import '../../elements/index.js';
import type { MantisChat } from '../../elements/index.js';
import type { PersistedMessage } from '../../src/index.js';
import { realisticAnswer } from './answer.js';
import { HOSTILE_SHAPES, hostileSize, plainParagraph } from './hostile.js';
import { InPageTransport } from '../../test/helpers/in-page-transport.js';

const chunksOf = (text: string, size: number): string[] => {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
};

export interface StreamResult {
  readonly bytes: number;
  readonly chunks: number;
  readonly totalMs: number;
  readonly firstTenthMeanMs: number;
  readonly lastTenthMeanMs: number;
  /** The longest main-thread task seen while streaming (a long-task observer; 0 when none passed 50 ms). */
  readonly longestTaskMs: number;
  /** From the message's end to its last commit: the closing render. */
  readonly closingMs: number;
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** 64 chunks of 4 characters per frame: about 15,000 characters a second, faster than models write. */
const CHUNKS_PER_FRAME = 64;

/** The next task: each chunk arrives in a task of its own, as from a socket, as fast as the page takes them. */
const taskChannel = new MessageChannel();
const waiting: (() => void)[] = [];
taskChannel.port1.onmessage = () => waiting.shift()?.();
const nextTask = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    taskChannel.port2.postMessage(0);
  });

async function streamOurs(bytes: number): Promise<StreamResult> {
  return streamText(realisticAnswer(bytes), 4);
}

/** One growing block of each common shape, `bytes` long. */
const SHAPES: Record<string, (bytes: number) => string> = {
  'one code fence': (bytes) => fill('```ts\n', (i) => `const value${i} = compute(${i}, 'label ${i}'); // step ${i}\n`, bytes) + '```\n',
  'one bulleted list': (bytes) => fill('', (i) => `- Item ${i} with **bold** text and a [link](https://example.com/${i})\n`, bytes),
  'one table': (bytes) => fill('| name | value | note |\n|---|---:|---|\n', (i) => `| row ${i} | ${i * 7} | some *text* ${i} |\n`, bytes),
  'one paragraph': (bytes) => fill('', (i) => `Sentence ${i} has *emphasis*, \`code\` and plain words. `, bytes) + '\n',
};
const fill = (head: string, line: (i: number) => string, bytes: number): string => {
  let text = head;
  for (let i = 0; text.length < bytes; i++) text += line(i);
  return text;
};

async function streamShape(shape: string, bytes: number): Promise<StreamResult> {
  return streamText((SHAPES[shape] as (b: number) => string)(bytes), 4);
}

/**
 * Streams `text` in chunks of `chunkSize` characters through a fresh <mantis-chat>, each chunk in a task of its own,
 * CHUNKS_PER_FRAME chunks per frame (the chat commits at most once per animation frame). Per chunk is the wall time of
 * a tenth of the chunks divided by their number, frame waits included.
 */
async function streamText(text: string, chunkSize: number): Promise<StreamResult> {
  const transport = new InPageTransport();
  const chat = document.createElement('mantis-chat') as MantisChat;
  chat.connection = transport;
  document.body.replaceChildren(chat);
  await chat.updateComplete;
  const chunks = chunksOf(text, chunkSize);
  let longestTaskMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  transport.deliver({ type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
  const tenth = Math.max(1, Math.floor(chunks.length / 10));
  const marks: number[] = [];
  const start = performance.now();
  for (let i = 0; i < chunks.length; i++) {
    if (i % tenth === 0) marks.push(performance.now());
    transport.deliver({ type: 'text_delta', message_id: 'm', sequence: i + 1, delta: chunks[i] as string });
    // A very fast model on a fast network: CHUNKS_PER_FRAME chunks per frame, each in a task of its own.
    await (i % CHUNKS_PER_FRAME === CHUNKS_PER_FRAME - 1 ? frame() : nextTask());
  }
  await chat.updateComplete;
  const streamed = performance.now();
  transport.deliver({ type: 'message_end', message_id: 'm', sequence: chunks.length + 1 });
  await chat.updateComplete;
  const end = performance.now();
  const totalMs = end - start;
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Entries not delivered to the callback yet (the closing commit's, say) are taken before disconnecting.
  for (const entry of observer.takeRecords()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
  observer.disconnect();
  // The last tenth starts at the tenth mark (a short remainder after it would weigh the final commit alone).
  const lastMark = Math.min(9, marks.length - 1);
  const lastStart = marks[lastMark] as number;
  const lastCount = chunks.length - lastMark * tenth;
  return {
    bytes: text.length,
    chunks: chunks.length,
    totalMs,
    firstTenthMeanMs: ((marks[1] ?? streamed) - (marks[0] as number)) / tenth,
    lastTenthMeanMs: (streamed - lastStart) / Math.max(1, lastCount),
    longestTaskMs,
    closingMs: end - streamed,
  };
}

export interface HostileResult {
  readonly name: string;
  readonly chars: number;
  readonly hostileMs: number;
  readonly plainMs: number;
  readonly hostileClosingMs: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * Each hostile shape at the size the test streams it (or `size`), in 4 KiB chunks, against a plain paragraph of that
 * size; `names` picks shapes. Each is the median of `runs` runs, hostile and plain in turn: a single run of a few
 * hundred milliseconds varies by half from run to run on this machine.
 */
async function streamHostile(size?: number, names?: readonly string[], runs = 3): Promise<HostileResult[]> {
  const results: HostileResult[] = [];
  for (const shape of HOSTILE_SHAPES) {
    if (names && !names.includes(shape.name)) continue;
    const chars = size ?? hostileSize(shape);
    const [text, plainText] = [shape.generate(chars), plainParagraph(chars)];
    const hostile: StreamResult[] = [];
    const plain: StreamResult[] = [];
    for (let run = 0; run < runs; run++) {
      hostile.push(await streamText(text, 4096));
      plain.push(await streamText(plainText, 4096));
    }
    results.push({
      name: shape.name,
      chars,
      hostileMs: median(hostile.map((r) => r.totalMs)),
      plainMs: median(plain.map((r) => r.totalMs)),
      hostileClosingMs: median(hostile.map((r) => r.closingMs)),
    });
  }
  document.body.replaceChildren();
  return results;
}

/**
 * The naive approach, measured at `samples` evenly spaced points of the stream (its per-chunk cost grows with the
 * text, so a full run at 240 KB would take hours); the total is the integral of the sampled per-chunk cost.
 */
function naiveEstimate(bytes: number, samples: number, shape?: string): { totalMs: number; sampledChunks: number } {
  const text = shape ? (SHAPES[shape] as (b: number) => string)(bytes) : realisticAnswer(bytes);
  const chunks = Math.ceil(text.length / 4);
  const host = document.createElement('div');
  document.body.replaceChildren(host);
  const cost: number[] = [];
  const positions: number[] = [];
  for (let s = 0; s < samples; s++) {
    const chunk = Math.min(chunks - 1, Math.round((s / (samples - 1)) * (chunks - 1)));
    const prefix = text.slice(0, (chunk + 1) * 4);
    const t = performance.now();
    host.innerHTML = DOMPurify.sanitize(marked.parse(prefix, { async: false }));
    cost.push(performance.now() - t);
    positions.push(chunk);
  }
  let totalMs = 0;
  for (let s = 1; s < samples; s++) {
    totalMs += (((cost[s] as number) + (cost[s - 1] as number)) / 2) * ((positions[s] as number) - (positions[s - 1] as number));
  }
  return { totalMs, sampledChunks: samples };
}

/** A persisted history of `count` messages, alternating user and assistant, with Markdown and a view now and then. */
function history(count: number): PersistedMessage[] {
  const view = (i: number) =>
    `\n\n\`\`\`mantis-ui\n${JSON.stringify({ version: 1, id: `h${i}`, root: { id: `t${i}`, type: 'heading', text: `Heading ${i}` } })}\n\`\`\`\n`;
  return Array.from({ length: count }, (_, i): PersistedMessage =>
    i % 2 === 0
      ? { id: `u${i}`, role: 'user', text: `Question ${i}?` }
      : {
          id: `a${i}`,
          role: 'assistant',
          text: `Answer **${i}** with a [link](https://example.com/${i}) and \`code\`.${i % 10 === 1 ? view(i) : ''}\n\n- one\n- two\n`,
          marker: { inlineUiVersion: 1, mode: 'orchestrator' },
          sequence: 1,
          events: [],
        },
  );
}


/** Mean time per 4-character chunk of a 15 KB answer streamed at the end of a thread of `count` messages. */
async function streamIntoThread(count: number): Promise<{ meanUs: number }> {
  const transport = new InPageTransport();
  const chat = document.createElement('mantis-chat') as MantisChat;
  chat.connection = transport;
  document.body.replaceChildren(chat);
  chat.messages = history(count);
  await chat.updateComplete;
  // Wait until the whole history is on the page, not just its newest messages.
  while (chat.shadowRoot?.querySelector('.earlier:not([hidden])')) await new Promise((resolve) => setTimeout(resolve, 20));
  const chunks = chunksOf(realisticAnswer(15_000), 4);
  transport.deliver({ type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
  const start = performance.now();
  for (let i = 0; i < chunks.length; i++) {
    transport.deliver({ type: 'text_delta', message_id: 'm', sequence: i + 1, delta: chunks[i] as string });
    await nextTask();
  }
  await chat.updateComplete;
  return { meanUs: ((performance.now() - start) / chunks.length) * 1000 };
}

/** Time from setting a history of `count` messages to the first painted frame. */
async function historyFirstPaint(count: number): Promise<{ ms: number }> {
  const chat = document.createElement('mantis-chat') as MantisChat;
  document.body.replaceChildren(chat);
  await chat.updateComplete;
  await frame();
  const messages = history(count);
  const start = performance.now();
  chat.messages = messages;
  await chat.updateComplete;
  await frame();
  return { ms: performance.now() - start };
}

declare global {
  interface Window {
    mantisBench: {
      streamOurs: typeof streamOurs;
      streamShape: typeof streamShape;
      shapes: string[];
      naiveEstimate: typeof naiveEstimate;
      streamIntoThread: typeof streamIntoThread;
      historyFirstPaint: typeof historyFirstPaint;
      streamHostile: typeof streamHostile;
    };
  }
}
window.mantisBench = { streamOurs, streamShape, shapes: Object.keys(SHAPES), naiveEstimate, streamIntoThread, historyFirstPaint, streamHostile };
