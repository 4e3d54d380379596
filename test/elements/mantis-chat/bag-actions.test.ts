// add-to-bag end to end against the reference server's bags API (one store shared with its Composer): the confirmation
// names what will really happen, an explicit bag must exist and be writable, the "Composer selection" bag is created
// only after the user confirmed exactly that, and a double confirmation writes once.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import type { Action } from '../../../src/index.js';
import { agentOrigin, composerSocketUrl } from '../../helpers/agent.js';
import { replyWithActions } from '../../helpers/chat-views.js';
import { recordSocketFrames } from '../../helpers/sockets.js';

const shadow = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
const BAGS = new URL('/api/v1/bags', agentOrigin).href;

const api = async (path: string, init?: RequestInit): Promise<Record<string, unknown>> =>
  (await (await fetch(`${BAGS}${path}`, { ...init, headers: { 'content-type': 'application/json' } })).json()) as Record<string, unknown>;
const pointsOf = async (id: string): Promise<string[]> => (await api(`/${id}`)).points as string[];
const clearActive = () => api('/active', { method: 'PUT', body: JSON.stringify({ id: null }) });

async function openChat(bagsUrl: string | null = BAGS): Promise<MantisChat> {
  const el = await fixture<MantisChat>(html`<mantis-chat url=${composerSocketUrl({ scenario: 'echo', delay: '0' })}></mantis-chat>`);
  if (bagsUrl) el.setAttribute('bags-url', bagsUrl);
  await waitUntil(() => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
  return el;
}


const q = <T extends Element>(view: HTMLElement, selector: string) => shadow(view).querySelector<T>(selector);
const unique = () => Math.random().toString(36).slice(2, 10);
const bagAction = (extra: Partial<Extract<Action, { type: 'add-to-bag' }>> = {}): Action => ({
  id: 'keep',
  type: 'add-to-bag',
  label: 'Keep',
  targets: [{ uri: `mantis://map/m/point/${unique()}` }, { uri: `mantis://map/m/point/${unique()}` }],
  ...extra,
});

/** Clicks the action and waits for its confirmation step (the bags API is asked first). */
async function ask(view: HTMLElement & { updateComplete: Promise<unknown> }, id: string): Promise<string> {
  q<HTMLButtonElement>(view, `[data-action="${id}"]`)?.click();
  await waitUntil(() => q(view, '.confirm-text'), 'no confirmation', { timeout: 5000 });
  await view.updateComplete;
  return q(view, '.confirm-text')?.textContent ?? '';
}

describe('<mantis-chat> add-to-bag against the bags API', function () {
  this.timeout(20_000);

  it('with no active bag, creates the Composer selection bag only after the user confirmed exactly that', async () => {
    await clearActive();
    const el = await openChat();
    const action = bagAction();
    const view = await replyWithActions(el, [action]);
    const frames = recordSocketFrames();
    try {
      const text = await ask(view, 'keep');
      // The shared server's store has a bag of that name already (b1): it is named, not created again.
      const exists = ((await api('')).bags as { name: string }[]).some((b) => b.name === 'Composer selection');
      expect(text).to.equal(
        exists
          ? 'No bag is active. Add 2 points to the bag “Composer selection”?'
          : 'No bag is active. Create the bag “Composer selection” and add 2 points to it?',
      );
      // Nothing was written or sent before the confirmation.
      expect((await api('/active')).id).to.equal(null);
      expect(frames.frames.filter((f) => f.type === 'action')).to.have.length(0);
      const outcome = oneEvent(el, 'mantis-action-outcome');
      q<HTMLButtonElement>(view, '[data-confirm="keep"]')?.click();
      await outcome;
      await waitUntil(() => q(view, '[data-action="keep"]')?.textContent?.includes('Done'), 'not delivered', { timeout: 5000 });
      const sent = frames.frames.find((f) => f.type === 'action');
      expect(sent && 'create_selection_bag' in sent && sent.create_selection_bag).to.equal(true);
      const active = (await api('/active')).id as string;
      expect((await api(`/${active}`)).name).to.equal('Composer selection');
      const targets = (action as Extract<Action, { type: 'add-to-bag' }>).targets.map((t) => t.uri);
      expect((await pointsOf(active)).filter((p) => targets.includes(p))).to.have.length(2);
    } finally {
      frames.restore();
    }
  });

  it('with a read-only active bag, says so and puts the points in the Composer selection bag once the user confirmed that', async () => {
    await api('/active', { method: 'PUT', body: JSON.stringify({ id: 'b2' }) });
    const el = await openChat();
    const action = bagAction();
    const view = await replyWithActions(el, [action]);
    const frames = recordSocketFrames();
    try {
      // Not refused: without a destination the spec uses "the active mutable bag or ... a confirmed Composer selection bag".
      expect(await ask(view, 'keep')).to.equal('The active bag “Survey 2023 (read-only)” is read-only. Add 2 points to the bag “Composer selection”?');
      expect(frames.frames.filter((f) => f.type === 'action')).to.have.length(0);
      q<HTMLButtonElement>(view, '[data-confirm="keep"]')?.click();
      await waitUntil(() => q(view, '[data-action="keep"]')?.textContent?.includes('Done'), 'not delivered', { timeout: 5000 });
      const sent = frames.frames.find((f) => f.type === 'action');
      expect(sent && 'create_selection_bag' in sent && sent.create_selection_bag).to.equal(true);
      const targets = (action as Extract<Action, { type: 'add-to-bag' }>).targets.map((t) => t.uri);
      expect((await pointsOf('b1')).filter((p) => targets.includes(p))).to.have.length(2);
      expect((await pointsOf('b2')).filter((p) => targets.includes(p))).to.have.length(0);
      expect((await api('/active')).id).to.equal('b1');
    } finally {
      frames.restore();
    }
  });

  it('confirmed twice quickly, writes once: the bag grows by its points once', async () => {
    const el = await openChat();
    const action = bagAction({ bagId: 'b1' });
    const view = await replyWithActions(el, [action]);
    const before = (await pointsOf('b1')).length;
    expect(await ask(view, 'keep')).to.equal('Add 2 points to the bag “Composer selection”?');
    const confirm = q<HTMLButtonElement>(view, '[data-confirm="keep"]') as HTMLButtonElement;
    const frames = recordSocketFrames();
    try {
      confirm.click();
      confirm.click();
      // The session refuses it too, however it is asked for again.
      const messageId = el.conversation.at(-1)?.id as string;
      expect(el.session.runAction({ messageId, viewId: 'v', nodeId: 'card', action })).to.equal(false);
      await waitUntil(() => q(view, '[data-action="keep"]')?.textContent?.includes('Done'), 'not delivered', { timeout: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(frames.frames.filter((f) => f.type === 'action')).to.have.length(1);
    } finally {
      frames.restore();
    }
    expect((await pointsOf('b1')).length).to.equal(before + 2);
  });

  it('refuses a missing or read-only bag before anything is sent, with the reason, and nothing is created', async () => {
    const el = await openChat();
    const missing = `Nope ${unique()}`;
    const view = await replyWithActions(el, [bagAction({ bagName: missing }), { ...bagAction({ bagId: 'b2' }), id: 'survey' }]);
    const frames = recordSocketFrames();
    try {
      expect(await ask(view, 'keep')).to.equal(`There is no bag named “${missing}”, and none is created: nothing can be added.`);
      expect(q(view, '[data-confirm="keep"]')).to.equal(null);
      // Cancel (here "Close") goes back, focus on the action.
      q<HTMLButtonElement>(view, '[data-cancel="keep"]')?.click();
      await view.updateComplete;
      await view.updateComplete;
      expect(shadow(view).activeElement?.getAttribute('data-action')).to.equal('keep');
      expect(await ask(view, 'survey')).to.equal('The bag “Survey 2023 (read-only)” is read-only: nothing can be added.');
      expect(q(view, '[data-confirm="survey"]')).to.equal(null);
      expect(frames.frames.filter((f) => f.type === 'action')).to.have.length(0);
      const names = ((await api('')).bags as { name: string }[]).map((b) => b.name);
      expect(names).not.to.include(missing);
    } finally {
      frames.restore();
    }
  });

  it('ignores a bags-url that is not a URL, with a config error', async () => {
    const el = await openChat(null);
    const error = oneEvent(el, 'mantis-config-error');
    el.setAttribute('bags-url', 'http://[not a url');
    expect((await error).detail.property).to.equal('bagsUrl');
    expect(el.session.bags).to.equal(null);
  });

  it('without the bags API, the server still refuses a missing bag, and the control shows its reason', async () => {
    const el = await openChat(null);
    const view = await replyWithActions(el, [bagAction({ bagId: 'b404' })]);
    expect(await ask(view, 'keep')).to.equal('Add 2 points to bag b404?');
    q<HTMLButtonElement>(view, '[data-confirm="keep"]')?.click();
    await waitUntil(() => q(view, '[data-action="keep"]')?.textContent?.includes('Rejected'), 'not rejected', { timeout: 5000 });
    expect(q(view, '[data-action="keep"]')?.textContent).to.contain('no bag "b404": a destination must already exist');
    await expect(el).to.be.accessible();
  });
});
