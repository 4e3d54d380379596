// The AI SDK's and AG-UI's protocols from the script tag: each module is a file of its own beside the IIFE
// (mantis-ui.ai-sdk.js, mantis-ui.ag-ui.js), fetched the first time a chat connects with its kind; a page on the
// Composer fetches neither. What answers an agent's questions is two more: mantis-ui.parts.js draws them,
// mantis-ui.session-answers.js sends the first answer.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { agentOrigin, composerSocketUrl } from './helpers/agent.js';
import { legacyPage } from './helpers/legacy-page.js';

const PROTOCOLS = { 'ai-sdk': '/api/v1/ai-sdk/chat', 'ag-ui': '/api/v1/ag-ui/agent' } as const;

describe('the AI SDK and AG-UI protocols beside the IIFE', function () {
  this.timeout(20000);

  const fetched = (win: Window, kind: string): boolean => win.performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/dist/mantis-ui.${kind}.js`));

  for (const [kind, path] of Object.entries(PROTOCOLS)) {
    it(`a legacy page loads ${kind} when its chat connects with transport="${kind}" and shows the reply`, async () => {
      const { frame, win, doc } = await legacyPage(`<mantis-chat transport="${kind}" url="${agentOrigin}${path}"></mantis-chat>`);
      const chat = doc.querySelector('mantis-chat') as HTMLElement & { send(text: string): boolean };
      const complete = oneEvent(chat, 'mantis-message-complete');
      expect(chat.send('show the view')).to.equal(true);
      await complete;
      expect(fetched(win, kind)).to.equal(true);
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
    expect(fetched(win, 'parts')).to.equal(true);
    expect(fetched(win, 'session-answers'), 'the code that answers loads with the first answer').to.equal(false);
    const goesOn = oneEvent(chat, 'mantis-message-complete');
    (chat.shadowRoot?.querySelector('[part="approval-approve"]') as HTMLButtonElement).click();
    await goesOn;
    expect(fetched(win, 'session-answers')).to.equal(true);
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
    expect(fetched(win, 'ai-sdk') || fetched(win, 'ag-ui')).to.equal(false);
    frame.remove();
  });
});
