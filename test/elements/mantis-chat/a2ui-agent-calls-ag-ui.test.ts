// A v1.0 surface in <mantis-chat> over AG-UI calling the agent's function (issue 31, item 3): the reference agent's
// `surface agent` run draws it on the demo's JSON catalog; the check's call is a run of its own
// (`forwardedProps.a2uiCallAgentFunction`) whose activity answers it, so the Submit the check guards is enabled by the
// answer, and no message of its own appears in the transcript.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { cleanupChats } from '../../../elements/testing/index.js';
import { BASIC_CATALOG } from '../../../src/protocols/a2ui/catalog-basic.js';
import { agentOrigin } from '../../helpers/agent.js';

const surfaceRoot = (chat: MantisChat): ShadowRoot | null | undefined => chat.shadowRoot?.querySelector('mantis-a2ui-surface')?.shadowRoot;
const button = (chat: MantisChat, label: string): HTMLButtonElement | undefined =>
  [...(surfaceRoot(chat)?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes(label));

describe('<mantis-chat transport="ag-ui"> with a v1.0 surface that calls the agent’s function', () => {
  afterEach(() => cleanupChats());

  it('enables the Submit a check on the agent’s function guards once the call’s run answered, with no message of its own', async () => {
    const catalog = (await (await fetch('/demo/catalogs/provider-v1.json')).json()) as Record<string, unknown>;
    const posted: Record<string, unknown>[] = [];
    const realFetch = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') posted.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return realFetch.call(window, input, init);
    };
    try {
      const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${`${agentOrigin}/api/v1/ag-ui/agent`} .a2uiCatalogs=${[BASIC_CATALOG, catalog]}></mantis-chat>`);
      const complete = oneEvent(chat, 'mantis-message-complete');
      expect(chat.send('surface agent')).to.equal(true);
      await complete;
      await waitUntil(() => button(chat, 'Use this provider')?.disabled === false, `Submit never enabled: ${surfaceRoot(chat)?.textContent ?? ''}`, { timeout: 8000 });
      expect(surfaceRoot(chat)?.textContent).not.to.contain('Waiting for the agent');
      const calls = posted.filter((body) => (body['forwardedProps'] as Record<string, unknown> | undefined)?.['a2uiCallAgentFunction'] !== undefined);
      expect(calls.length).to.equal(1);
      expect(calls[0]?.['threadId']).to.equal(posted[0]?.['threadId']);
      expect(chat.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
      await expect(chat).to.be.accessible();
    } finally {
      window.fetch = realFetch;
    }
  });
});
