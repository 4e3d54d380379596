import { expect } from '@open-wc/testing';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { COMPOSER_LIMITS, LIMITS } from '../../../src/index.js';
import { hostileSize } from '../../../bench/streaming/hostile.js';
import { HOSTILE_SHAPES, type HostileShape } from '../../helpers/hostile.js';
import { assertNoActiveContent, watchSinks } from '../../helpers/sinks.js';
import { InPageTransport } from '../../helpers/in-page-transport.js';

/*
 * Hostile sizes (issue 10): each adversarial Markdown shape of test/helpers/hostile.ts streamed in 4 KiB chunks
 * through a real <mantis-chat>, just under the display limit and past it. Behaviour only, never time: the stream
 * finishes, the stored text is whole, nothing active is rendered, and past the limit a notice says so.
 */

const LIMIT = COMPOSER_LIMITS.displayChars;
const CHUNK = 4096;
/** Text after the limit that must never reach the page. */
const SENTINEL = 'SENTINEL-PAST-THE-DISPLAY-LIMIT';

/*
 * Each shape is streamed just under the limit (hostileSize), where `npm run bench` also times it against a plain
 * paragraph of the same size, and across it.
 */

async function streamThrough(text: string): Promise<{ chat: MantisChat }> {
  const transport = new InPageTransport();
  const chat = document.createElement('mantis-chat') as MantisChat;
  chat.connection = transport;
  document.body.replaceChildren(chat);
  await chat.updateComplete;
  transport.deliver({ type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
  let sequence = 1;
  for (let i = 0; i < text.length; i += CHUNK) {
    transport.deliver({ type: 'text_delta', message_id: 'm', sequence: sequence++, delta: text.slice(i, i + CHUNK) });
    await chat.updateComplete;
  }
  transport.deliver({ type: 'message_end', message_id: 'm', sequence });
  await chat.updateComplete;
  return { chat };
}

/** Plain paragraphs, each its own block: cheap to render, so the blocks at the limit are the shape's. */
const paragraphs = (chars: number): string =>
  Array.from({ length: Math.ceil(chars / 100) }, (_, i) => `Paragraph ${i} of plain words, nothing special in it at all, just filling.`.padEnd(98, '.') + '\n\n')
    .join('')
    .slice(0, chars);

const assistant = (chat: MantisChat) => chat.shadowRoot?.querySelector('[part~="message-assistant"]') as HTMLElement;

function assertHandled(chat: MantisChat, text: string, context: string): void {
  const message = chat.conversation.at(-1);
  expect(message?.role, context).to.equal('assistant');
  expect(message?.role === 'assistant' && message.status, `${context}: finished`).to.equal('done');
  expect(message?.text === text, `${context}: the stored text is whole`).to.equal(true);
  const persisted = chat.messages.at(-1);
  expect(persisted?.text === text, `${context}: the persisted text is whole`).to.equal(true);
  const article = assistant(chat);
  expect(article, context).to.not.equal(null);
  assertNoActiveContent(article, context);
}

describe('<mantis-chat> with hostile sizes', function () {
  this.timeout(60_000);
  afterEach(() => document.body.replaceChildren());

  for (const shape of HOSTILE_SHAPES) {
    it(`streams ${shape.name} (${shape.description}) just under the display limit`, async () => {
      const sinks = watchSinks();
      try {
        const text = shape.generate(hostileSize(shape));
        const { chat } = await streamThrough(text);
        assertHandled(chat, text, shape.name);
        expect(assistant(chat).querySelector('[part="truncated"]'), `${shape.name}: no notice`).to.equal(null);
        sinks.assertClean(shape.name);
      } finally {
        sinks.restore();
      }
    });
  }

  for (const shape of HOSTILE_SHAPES) {
    it(`streams ${shape.name} past the display limit: the rest is not shown, a notice says so`, async () => {
      const sinks = watchSinks();
      try {
        // Plain paragraphs up to a little before the limit, then the shape across it and a megabyte past it.
        const lead = paragraphs(LIMIT - 2048);
        const text = `${lead}${shape.generate(2048)}${SENTINEL}${shape.generate(1024 * 1024)}`;
        const { chat } = await streamThrough(text);
        assertHandled(chat, text, shape.name);
        const article = assistant(chat);
        expect(article.textContent, `${shape.name}: nothing past the limit`).not.to.contain(SENTINEL);
        const notice = article.querySelector('[part="truncated"]');
        expect(notice?.getAttribute('role'), `${shape.name}: notice`).to.equal('note');
        expect(notice?.textContent).to.contain('longer than this chat shows');
        expect(notice?.textContent).to.contain(`${(text.length - LIMIT).toLocaleString('en-US')} more characters`);
        sinks.assertClean(shape.name);
      } finally {
        sinks.restore();
      }
    });
  }

  it(`shows one note for all the views past the ${LIMITS.viewsPerMessage} a message may have`, async () => {
    const shape = HOSTILE_SHAPES.find((s) => s.name === 'closed view fences') as HostileShape;
    const { chat } = await streamThrough(shape.generate(LIMIT - 1));
    // The first views fail validation; everything after them is one note.
    expect(assistant(chat).querySelectorAll('[part="view-error"]')).to.have.length(LIMITS.viewsPerMessage + 1);
  });
});
