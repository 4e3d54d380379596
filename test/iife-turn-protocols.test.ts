// The AI SDK's and AG-UI's protocols from the script tag: each is a chunk of its own beside the IIFE
// (src/protocols/ai-sdk/, src/protocols/ag-ui/), fetched the first time a chat connects with its kind; a page on the
// Composer fetches neither. What answers an agent's questions is two more: elements/mantis-chat/parts-view.ts draws
// them, src/chat/session-answers.ts sends the first answer.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { agentOrigin, composerSocketUrl } from './helpers/agent.js';
import { legacyPage } from './helpers/legacy-page.js';
import { fetchedModule } from './helpers/cdn-files.js';

const PROTOCOLS = { 'ai-sdk': '/api/v1/ai-sdk/chat', 'ag-ui': '/api/v1/ag-ui/agent' } as const;

describe('the AI SDK and AG-UI protocols beside the IIFE', function () {
  this.timeout(20000);

  /** The module each part's chunk holds. */
  const MODULES: Record<string, string> = {
    'ai-sdk': 'src/protocols/ai-sdk/index.ts',
    'ag-ui': 'src/protocols/ag-ui/index.ts',
    parts: 'elements/mantis-chat/parts-view.ts',
    'session-answers': 'src/chat/session-answers.ts',
  };
  const fetched = (win: Window, kind: string): Promise<boolean> => fetchedModule(win, MODULES[kind] as string);

  for (const [kind, path] of Object.entries(PROTOCOLS)) {
    it(`a legacy page loads ${kind} when its chat connects with transport="${kind}" and shows the reply`, async () => {
      const { frame, win, doc } = await legacyPage(`<mantis-chat transport="${kind}" url="${agentOrigin}${path}"></mantis-chat>`);
      const chat = doc.querySelector('mantis-chat') as HTMLElement & { send(text: string): boolean };
      const complete = oneEvent(chat, 'mantis-message-complete');
      expect(chat.send('show the view')).to.equal(true);
      await complete;
      expect(await fetched(win, kind)).to.equal(true);
      await waitUntil(() => chat.shadowRoot?.querySelector('mantis-ui-view'), 'no view drawn');
      expect(chat.shadowRoot?.querySelector('[part~="tool"]')?.textContent).to.contain('search_sites');
      frame.remove();
    });
  }

  it('a legacy page loads the parts file with a reply’s first approval, answers it, and the agent goes on', async () => {
    const { frame, win, doc } = await legacyPage(`<mantis-chat transport="ai-sdk" url="${agentOrigin}${PROTOCOLS['ai-sdk']}"></mantis-chat>`);
    const chat = doc.querySelector('mantis-chat') as HTMLElement & { send(text: string): boolean };
    const asked = oneEvent(chat, 'mantis-message-complete');
    chat.send('approve the deletion');
    await asked;
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="approval-approve"]'), 'no approval controls drawn');
    expect(await fetched(win, 'parts')).to.equal(true);
    expect(await fetched(win, 'session-answers'), 'the code that answers loads with the first answer').to.equal(false);
    const goesOn = oneEvent(chat, 'mantis-message-complete');
    (chat.shadowRoot?.querySelector('[part="approval-approve"]') as HTMLButtonElement).click();
    await goesOn;
    expect(await fetched(win, 'session-answers')).to.equal(true);
    await waitUntil(() => chat.shadowRoot?.textContent?.includes('Site north-3 was deleted.'), 'the continuation is not drawn');
    frame.remove();
  });

  it('a Composer page fetches neither', async () => {
    const { frame, win, doc } = await legacyPage(`<mantis-chat url="${composerSocketUrl()}"></mantis-chat>`);
    const chat = doc.querySelector('mantis-chat') as HTMLElement & { send(text: string): boolean };
    const complete = oneEvent(chat, 'mantis-message-complete');
    await waitUntil(() => (chat as unknown as { session: { state: string } }).session.state === 'open', 'never connected');
    chat.send('hello');
    await complete;
    expect((await fetched(win, 'ai-sdk')) || (await fetched(win, 'ag-ui'))).to.equal(false);
    frame.remove();
  });
});
