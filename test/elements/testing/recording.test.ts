// mantis-ui/testing records what the chat sent: the user's message typed into the real message box, the follow-up
// a view's action sends, and an A2UI action from a surface's form, each answered as scripted. Two runs of one
// script give identical transcripts and identical chats.
import { expect } from '@open-wc/testing';
import '../../../elements/index.js';
import {
  REPLY_WAIT_TIMEOUT,
  a2uiFormMessages,
  chartEnvelope,
  cleanupChats,
  clickAction,
  clickButton,
  deepText,
  fillField,
  findAllParts,
  mountChat,
  reply,
  sendMessage,
  viewFixtures,
  waitForReply,
} from '../../../elements/testing/index.js';

afterEach(() => cleanupChats());

describe('mantis-ui/testing: what the chat sent is recorded', () => {
  it('a user message, sent through the message box and the Send button', async () => {
    const { chat, transport } = await mountChat({ replies: [reply().text('Hi!')] });
    const sent = await sendMessage(chat, 'Hello agent');
    expect(sent.text).to.equal('Hello agent');
    await waitForReply(chat);
    expect(transport.userMessages).to.deep.equal(['Hello agent']);
    const [frame] = transport.frames;
    expect(frame?.type === 'user_message' && [frame.mode, frame.client_message_id]).to.deep.equal(['orchestrator', sent.id]);
    expect(findAllParts<HTMLTextAreaElement>(chat, 'textarea')[0]?.value, 'the box is emptied').to.equal('');
  });

  it('the follow-up of a view’s action, after its confirmation, answered by a rule', async () => {
    const { chat, transport } = await mountChat({ replies: [reply().view(viewFixtures.card)] });
    transport.on('Compare', reply().text('They differ in density.'));
    await sendMessage(chat, 'Show the card');
    await waitForReply(chat);
    // The clicks reach the chat composed: the first presses the action, the second its Confirm button.
    const pressed: string[] = [];
    chat.addEventListener('click', (event) => {
      const target = event.composedPath()[0] as HTMLElement;
      pressed.push(target.dataset.confirm ? `confirm ${target.dataset.confirm}` : `action ${target.dataset.action}`);
    });
    await clickAction(chat, 'Compare');
    expect(pressed).to.deep.equal(['action compare', 'confirm compare']);
    const answer = await waitForReply(chat);
    expect(answer.text).to.equal('They differ in density.');
    expect(transport.userMessages).to.deep.equal(['Show the card', 'Compare the two clusters']);
  });

  it('an A2UI action from a form, with what the user typed, answered by a new turn', async () => {
    const { chat, transport } = await mountChat({ replies: [reply().a2ui(a2uiFormMessages)] });
    transport.onA2uiAction('submit', reply().text('Booked for Ada.'));
    await sendMessage(chat, 'Book a table');
    await waitForReply(chat);
    await fillField(chat, 'Name', 'Ada');
    await clickButton(chat, 'Book');
    const answer = await waitForReply(chat);
    expect(answer.text).to.equal('Booked for Ada.');
    expect(transport.a2uiActions.map(({ via, name, surfaceId, context }) => ({ via, name, surfaceId, context }))).to.deep.equal([
      { via: 'client_action', name: 'submit', surfaceId: 'booking', context: { name: 'Ada' } },
    ]);
    expect(transport.frames.map((frame) => frame.type)).to.deep.equal(['user_message', 'client_action']);
  });
});

describe('mantis-ui/testing: determinism', () => {
  const script = () => [
    reply().reasoning('Think.').text('Here:').view(viewFixtures.summary).envelope(chartEnvelope).text('Done.'),
    reply().tool({ name: 'search_map', input: { q: 1 }, output: { n: 2 } }).a2ui(a2uiFormMessages),
  ];

  async function run(): Promise<{ transcript: unknown; shown: string[] }> {
    const { chat, transport } = await mountChat({ replies: script(), chunk: 4 });
    await sendMessage(chat, 'one');
    await waitForReply(chat);
    await sendMessage(chat, 'two');
    await waitForReply(chat);
    const shown = findAllParts(chat, '[part~="message"]').map((article) => deepText(article));
    chat.remove();
    return { transcript: transport.transcript, shown };
  }

  it('two runs give identical transcripts and show the same', async function () {
    // Two whole conversations, four-character chunks, one event per task: longer than one test's default budget.
    this.timeout(40_000);
    const first = await run();
    const second = await run();
    expect(second.transcript).to.deep.equal(first.transcript);
    expect(second.shown).to.deep.equal(first.shown);
    expect(first.shown).to.have.length(4);
    // Durations come from the transport's scripted clock (100 ms per event), never from how busy the machine was.
    // Three events from the reasoning's start to its end: 0.3 s, in every run.
    expect(first.shown[1]).to.contain('Reasoned for 0.3 s');
  });
});

describe('mantis-ui/testing: waitForReply', () => {
  it('resolves only once the reply is complete, stepping a paused transport', async () => {
    const { chat, transport } = await mountChat({ replies: [reply().text('One.').text(' Two.')], paused: true });
    await sendMessage(chat, 'hi');
    let resolved = false;
    const waiting = waitForReply(chat).then((message) => {
      resolved = true;
      return message;
    });
    // message_start, two deltas: the reply streams, and waitForReply still waits after each.
    for (let i = 0; i < 3; i += 1) {
      transport.step();
      await chat.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(resolved, `after event ${i + 1}`).to.equal(false);
    }
    expect(chat.conversation.at(-1)?.role === 'assistant' && chat.conversation.at(-1)?.text).to.equal('One. Two.');
    transport.step(); // message_end
    const message = await waiting;
    expect(message.status).to.equal('done');
  });

  it('returns a reply that already ended, and fails loudly for an unscripted message', async () => {
    const { chat, transport } = await mountChat({ replies: [reply().text('Quick.')] });
    await sendMessage(chat, 'first');
    await transport.settled();
    expect((await waitForReply(chat)).text).to.equal('Quick.');
    await sendMessage(chat, 'nobody scripted this');
    let error: unknown;
    await waitForReply(chat).catch((e: unknown) => (error = e));
    expect(String(error)).to.contain('interrupted').and.to.contain('"nobody scripted this"');
  });

  it('times out with what the chat shows when nothing is answered', async () => {
    const { chat } = await mountChat({ replies: [reply().text('never')], paused: true });
    await sendMessage(chat, 'hi');
    let error: unknown;
    await waitForReply(chat, { timeout: 50 }).catch((e: unknown) => (error = e));
    expect(String(error)).to.match(/no reply finished \(the last message is (assistant, streaming|user)\) after 50 ms/);
  });

  it('fails by itself after REPLY_WAIT_TIMEOUT when no timeout is given', async function () {
    this.timeout(REPLY_WAIT_TIMEOUT + 5000);
    const { chat } = await mountChat({ replies: [reply().text('never')], paused: true });
    await sendMessage(chat, 'hi');
    let error: unknown;
    await waitForReply(chat).catch((e: unknown) => (error = e));
    expect(String(error)).to.contain(`after ${REPLY_WAIT_TIMEOUT} ms`);
  });

  it('returns each reply once, oldest first: two messages sent at once are answered by two waits', async () => {
    const { chat, transport } = await mountChat({ replies: [reply().text('First answer.'), reply().text('Second answer.')], paused: true });
    await sendMessage(chat, 'one');
    await sendMessage(chat, 'two');
    transport.resume();
    await transport.settled();
    expect((await waitForReply(chat)).text).to.equal('First answer.');
    expect((await waitForReply(chat, { timeout: 1000 })).text).to.equal('Second answer.');
  });

  it('an A2UI action nothing was scripted for fails the wait, naming it', async () => {
    const { chat, transport } = await mountChat({ replies: [reply().a2ui(a2uiFormMessages)] });
    await sendMessage(chat, 'Book a table');
    await waitForReply(chat);
    await clickButton(chat, 'Book');
    let error: unknown;
    await waitForReply(chat).catch((e: unknown) => (error = e));
    expect(String(error)).to.contain('interrupted').and.to.contain('[a2ui_action] submit on booking');
    expect(transport.unscripted).to.deep.equal(['[a2ui_action] submit on booking']);
  });
});
