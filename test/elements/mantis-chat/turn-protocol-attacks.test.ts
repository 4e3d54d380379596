// Attack inputs through every string of the AI SDK's and AG-UI's streams: the reference server (their owners'
// packages) echoes each one into reasoning, a tool's name, arguments, result or error, the AI SDK's data-mantis-ui
// parts (as the view itself and as a heading's text), a source, a document, a file and an approval request's reason,
// AG-UI's CUSTOM event, an A2UI surface's text over ACTIVITY_SNAPSHOT, an interrupt (its message, reason, and its
// form's label and choice) and a turn of its MESSAGES_SNAPSHOT the chat never saw, and the text
// (demo/server/ai-sdk.ts and ag-ui.ts, `echo:`), and the agent's error text (`fail:`). Nothing runs, nothing is
// requested but the endpoint.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { agentOrigin } from '../../helpers/agent.js';
import { OWN_ATTACKS, sharedCorpusOrSkip } from '../../helpers/corpus.js';
import { assertNoActiveContent, watchSinks } from '../../helpers/sinks.js';

const ENDPOINTS = { 'ai-sdk': `${agentOrigin}/api/v1/ai-sdk/chat`, 'ag-ui': `${agentOrigin}/api/v1/ag-ui/agent` } as const;

async function echoAll(kind: keyof typeof ENDPOINTS, payloads: readonly { id: string; payload: string }[]): Promise<void> {
  const url = ENDPOINTS[kind];
  const sinks = watchSinks([url]);
  let chat: MantisChat | null = null;
  /** Turns sent in this chat. */
  let turns = 0;
  try {
    for (const [index, { id, payload }] of payloads.entries()) {
      if (payload.trim().length === 0 || payload.length > 32 * 1024) continue;
      // A fresh chat now and then: each turn posts the whole conversation.
      if (index % 10 === 0) {
        chat?.remove();
        chat = await fixture<MantisChat>(html`<mantis-chat transport=${kind} url=${url}></mantis-chat>`);
        turns = 0;
      }
      const el = chat as MantisChat;
      const ended = Promise.race([oneEvent(el, 'mantis-message-complete'), oneEvent(el, 'mantis-message-interrupted')]);
      expect(el.send(`echo:${payload}`), id).to.equal(true);
      turns++;
      const { detail } = (await ended) as CustomEvent<{ message: { status: string; text: string } }>;
      expect(detail.message.status, id).to.equal('done');
      expect(detail.message.text, id).to.equal(payload);
      await el.updateComplete;
      const messages = el.shadowRoot?.querySelectorAll('[part~="message-assistant"]') ?? [];
      const last = messages[messages.length - 1] as Element;
      // Sources, files and questions are drawn by a module loaded with the first of them: checked once drawn.
      await waitUntil(() => !last.querySelector('[part="question-loading"]'), `${id}: the lazily drawn parts`);
      for (const view of last.querySelectorAll('mantis-ui-view, mantis-a2ui-surface')) await (view as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
      assertNoActiveContent(last, id);
      // AG-UI's echo also sends the backend's copy of the thread, which begins with a turn the chat never saw, all
      // payload: added at the start of the transcript.
      if (kind === 'ag-ui') {
        const root = el.shadowRoot as ShadowRoot;
        await waitUntil(() => root.querySelectorAll('[part~="message-user"]').length === 2 * turns, `${id}: the snapshot's turn`);
        const added = [...root.querySelectorAll('[part~="message"]')].slice(0, 2);
        expect(added.map((m) => m.getAttribute('part')), id).to.deep.equal(['message message-user', 'message message-assistant']);
        await waitUntil(() => !added[1]?.querySelector('[part="question-loading"]'), `${id}: the snapshot turn's lazily drawn parts`);
        for (const message of added) assertNoActiveContent(message, `${id} (snapshot)`);
      }
    }
    await new Promise((done) => requestAnimationFrame(done));
    sinks.assertClean(`${kind} stream`);
  } finally {
    sinks.restore();
    chat?.remove();
  }
}

/** Each payload as the agent's error (`fail:`), several to a turn (the error keeps 2,000 characters). */
async function failAll(kind: keyof typeof ENDPOINTS, payloads: readonly string[]): Promise<void> {
  const url = ENDPOINTS[kind];
  const sinks = watchSinks([url]);
  const chat = await fixture<MantisChat>(html`<mantis-chat transport=${kind} url=${url}></mantis-chat>`);
  const batches: string[] = [];
  for (const payload of payloads.filter((p) => p.trim().length > 0 && p.length < 1900)) {
    if (batches.length === 0 || (batches.at(-1) as string).length + payload.length > 1900) batches.push(payload);
    else batches[batches.length - 1] += `\n${payload}`;
  }
  try {
    for (const [index, batch] of batches.entries()) {
      const ended = oneEvent(chat, 'mantis-message-interrupted');
      expect(chat.send(`fail:${batch}`), `batch ${index}`).to.equal(true);
      await ended;
      await chat.updateComplete;
      const messages = chat.shadowRoot?.querySelectorAll('[part~="message-assistant"]') ?? [];
      const last = messages[messages.length - 1] as Element;
      await waitUntil(() => last.querySelector('[part="agent-error"]'), `batch ${index}: the agent's error`);
      expect(last.querySelector('[part="agent-error"]')?.textContent, `batch ${index}`).to.contain(batch.trim());
      assertNoActiveContent(last, `batch ${index}`);
    }
    await new Promise((done) => requestAnimationFrame(done));
    sinks.assertClean(`${kind} errors`);
  } finally {
    sinks.restore();
    chat.remove();
  }
}

for (const kind of Object.keys(ENDPOINTS) as Array<keyof typeof ENDPOINTS>) {
  describe(`<mantis-chat transport="${kind}"> under attack`, () => {
    it('renders the suite’s own attack inputs inert in every field of the stream', async function () {
      this.timeout(60_000);
      await echoAll(kind, OWN_ATTACKS.map((payload, i) => ({ id: `own-${i}`, payload })));
    });

    it('renders every xss and markdown entry of the shared corpus inert in every field of the stream', async function () {
      const corpus = await sharedCorpusOrSkip(this, `the shared corpus through ${kind} streams`);
      this.timeout(180_000);
      await echoAll(kind, [...corpus.xss, ...corpus.markdown]);
    });

    it('renders the suite’s own attack inputs inert as the agent’s error text', async function () {
      this.timeout(60_000);
      await failAll(kind, OWN_ATTACKS);
    });

    it('renders every xss and markdown entry of the shared corpus inert as the agent’s error text', async function () {
      const corpus = await sharedCorpusOrSkip(this, `the shared corpus as ${kind} error text`);
      this.timeout(120_000);
      await failAll(kind, [...corpus.xss, ...corpus.markdown].map((entry) => entry.payload));
    });
  });
}
