// A protocol is a module (docs/protocol.md "Protocol modules"): a test-only one, NDJSON over one POST per turn
// (test/fixtures/ndjson-protocol/, the reference server's test peer), lands as its folder and the one registration
// line below, is loaded the first time a chat connects with its kind, and streams a reply into the chat.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { defaultProtocols, registerProtocol } from '../../../src/index.js';
import { agentOrigin } from '../../helpers/agent.js';

registerProtocol({ name: 'ndjson', connections: ['ndjson'], load: () => import('../../fixtures/ndjson-protocol/index.js').then((m) => m.ndjsonProtocol) });

describe('<mantis-chat> and a protocol registered by the page', () => {
  it('loads it on first need, sends at once, and streams its reply', async () => {
    expect(defaultProtocols.loaded('ndjson'), 'not loaded before a chat needs it').to.equal(undefined);
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ndjson" url=${`${agentOrigin}/api/v1/test/ndjson`}></mantis-chat>`);
    // Sent before the protocol has loaded: it waits for it, and goes.
    const complete = oneEvent(chat, 'mantis-message-complete');
    expect(chat.send('hello there')).to.equal(true);
    const { detail } = await complete;
    expect(detail.message.text).to.equal('You said: hello there (turn 1).');
    expect(defaultProtocols.loaded('ndjson')?.name).to.equal('ndjson');
    await chat.updateComplete;
    expect(chat.shadowRoot?.querySelector('[part~="message-assistant"] [part="text"]')?.textContent).to.contain('You said: hello there (turn 1).');
    // The next turn carries the conversation so far.
    const second = oneEvent(chat, 'mantis-message-complete');
    chat.send('and again');
    expect((await second).detail.message.text).to.equal('You said: and again (turn 3).');
    await waitUntil(() => chat.session.messages.length === 4);
    expect(chat.session.persisted.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'user', 'assistant']);
  });

  it('refuses a kind no registered protocol opens, naming the kinds it knows', async () => {
    const errors: string[] = [];
    const chat = await fixture<MantisChat>(html`<mantis-chat @mantis-config-error=${(e: CustomEvent<{ reason: string }>) => errors.push(e.detail.reason)}></mantis-chat>`);
    (chat as unknown as { transport: string }).transport = 'carrier-pigeon';
    await chat.updateComplete;
    expect(chat.transport).to.equal('ws');
    expect(errors.join(' ')).to.match(/"ws", "sse", "ai-sdk", "ag-ui", "ndjson"/);
  });
});
