// A2UI over AG-UI (#30 item 4), as the AG-UI A2UI middleware sends it, against the reference server's endpoint written
// with the real `@ag-ui/encoder` (demo/server/ag-ui-a2ui.ts): a surface from `ACTIVITY_SNAPSHOT`, filled in and
// submitted as a run with `forwardedProps.a2uiAction`, the same element updated in place by that run's snapshot; a
// delta applied; a snapshot that rewrites the history rebuilt in the same element; a surface replayed with no request,
// and after a reload rebuilt in place by the new thread's snapshot; a status in the surface's place; an A2UI error told
// to the agent with the next run.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { agentOrigin } from '../../helpers/agent.js';

const AG_UI = `${agentOrigin}/api/v1/ag-ui/agent`;
const shadow = (el: Element): ShadowRoot => el.shadowRoot as ShadowRoot;
type Surface = HTMLElement & { updateComplete: Promise<unknown> };
const surfaces = (chat: MantisChat): Surface[] => [...shadow(chat).querySelectorAll<Surface>('mantis-a2ui-surface')];

/** The bodies the chat posts, parsed, for the time of a test. */
function recordPosts(): { readonly bodies: Record<string, unknown>[]; restore(): void } {
  const realFetch = window.fetch;
  const bodies: Record<string, unknown>[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return realFetch.call(window, input, init);
  };
  return { bodies, restore: () => void (window.fetch = realFetch) };
}

async function chatSaying(text: string): Promise<MantisChat> {
  const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${AG_UI} style="--mantis-chat-height: 40rem"></mantis-chat>`);
  const complete = oneEvent(chat, 'mantis-message-complete');
  expect(chat.send(text)).to.equal(true);
  await complete;
  return chat;
}

async function surfaceShowing(chat: MantisChat, text: string): Promise<Surface> {
  await waitUntil(() => surfaces(chat).some((s) => s.shadowRoot?.textContent?.includes(text)), `no surface showing "${text}"`, { timeout: 8000 });
  return surfaces(chat)[0] as Surface;
}

describe('<mantis-chat transport="ag-ui"> and A2UI surfaces', () => {
  it('draws a surface from ACTIVITY_SNAPSHOT; its action starts a run with forwardedProps.a2uiAction, whose snapshot updates the same element', async () => {
    const posts = recordPosts();
    try {
      const chat = await chatSaying('show me a surface');
      const surface = await surfaceShowing(chat, 'Fill in the form');
      expect(shadow(chat).querySelector('[part="activity"]'), 'the building status is gone once the surface is made').to.equal(null);
      const name = [...shadow(surface).querySelectorAll<HTMLInputElement>('input')].find((i) => i.labels?.[0]?.textContent?.includes('Name')) as HTMLInputElement;
      name.focus();
      name.value = 'Ada';
      name.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      await surface.updateComplete;
      const answered = oneEvent(chat, 'mantis-message-complete');
      ([...shadow(surface).querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Book') as HTMLButtonElement).click();
      await answered;

      const run = posts.bodies.at(-1) as { threadId: string; forwardedProps: { a2uiAction?: { userAction?: Record<string, unknown> }; a2uiClientDataModel?: unknown } };
      expect(run.threadId).to.equal((posts.bodies[0] as { threadId: string }).threadId);
      const action = run.forwardedProps.a2uiAction?.userAction ?? {};
      expect({ name: action['name'], surfaceId: action['surfaceId'], sourceComponentId: action['sourceComponentId'], context: action['context'] }).to.deep.equal({
        name: 'submit',
        surfaceId: 'booking',
        sourceComponentId: 'book',
        context: { name: 'Ada', seats: ['1'] },
      });
      expect(action['timestamp']).to.be.a('string');
      // The booking form asks for its data model (sendDataModel): it goes with the run.
      expect(run.forwardedProps.a2uiClientDataModel).to.not.equal(undefined);

      await surfaceShowing(chat, 'Booked: Ada (1)');
      expect(surfaces(chat)).to.deep.equal([surface]);
      expect(surface.isConnected).to.equal(true);
    } finally {
      posts.restore();
    }
  });

  it('applies a delta to the activity’s operations', async () => {
    const chat = await chatSaying('a surface delta, please');
    await surfaceShowing(chat, 'Patched by a delta');
    expect(surfaces(chat)).to.have.length(1);
  });

  it('rebuilds a surface whose history was rewritten, in the same element, with no error', async () => {
    let errors = 0;
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${AG_UI}></mantis-chat>`);
    chat.addEventListener('mantis-a2ui-error', () => errors++);
    const complete = oneEvent(chat, 'mantis-message-complete');
    chat.send('surface rebuild');
    await complete;
    await surfaceShowing(chat, 'Book a table, again');
    expect(surfaces(chat)).to.have.length(1);
    expect(errors).to.equal(0);
  });

  it('replays a surface with no request, and after a reload a snapshot that creates it again (another thread) rebuilds the same element, with no error', async () => {
    const first = await chatSaying('show me a surface');
    await surfaceShowing(first, 'Fill in the form');
    const history = first.messages;
    first.remove();

    const posts = recordPosts();
    try {
      let errors = 0;
      const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${AG_UI}></mantis-chat>`);
      chat.addEventListener('mantis-a2ui-error', () => errors++);
      chat.messages = history;
      await chat.updateComplete;
      const surface = await surfaceShowing(chat, 'Fill in the form');
      expect(posts.bodies, 'a replay asks the agent nothing').to.deep.equal([]);

      const complete = oneEvent(chat, 'mantis-message-complete');
      chat.send('show me a surface');
      await complete;
      await chat.updateComplete;
      const run = posts.bodies[0] as { threadId: string; messages: unknown[] };
      expect(run.messages.length, 'the run carries the replayed conversation').to.be.greaterThan(1);
      await surfaceShowing(chat, 'Fill in the form');
      // Without the surfaces the conversation shows, the snapshot's createSurface is a duplicate (an A2UI error).
      expect(errors).to.equal(0);
      expect(surfaces(chat)).to.deep.equal([surface]);
      expect(surface.isConnected).to.equal(true);
    } finally {
      posts.restore();
    }
  });

  it('shows a surface the agent could not build as a notice in its place', async () => {
    const chat = await chatSaying('surface failed');
    await waitUntil(() => shadow(chat).querySelector('[part="activity"]'), 'no notice');
    expect(shadow(chat).querySelector('[part="activity"]')?.textContent).to.contain('could not build');
    expect(surfaces(chat)).to.have.length(0);
  });

  it('tells the agent an A2UI error with its next run, once', async () => {
    const posts = recordPosts();
    try {
      const chat = await chatSaying('surface broken');
      await waitUntil(() => surfaces(chat).length > 0 || shadow(chat).querySelector('[part="surface-fallback"]'), 'the surface is placed');
      for (const text of ['hello', 'hello again']) {
        const complete = oneEvent(chat, 'mantis-message-complete');
        chat.send(text);
        await complete;
      }
      const [, next, after] = posts.bodies as { forwardedProps: { a2uiError?: { code?: string; surfaceId?: string } } }[];
      expect(next?.forwardedProps.a2uiError?.surfaceId).to.equal('broken');
      expect(next?.forwardedProps.a2uiError?.code).to.be.a('string');
      expect(after?.forwardedProps.a2uiError).to.equal(undefined);
    } finally {
      posts.restore();
    }
  });
});
