// Actions end to end in <mantis-chat>, against the reference server: prefill fills the chat's own box, a follow-up
// is sent once after confirmation, a task shows delivered and then follows trusted task events, the once-only memory
// survives setting `messages` again and a reload, and a host can replace handlers or take an action over.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { ActionOutcomeDetail, MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { defaultActions, type Action, type PersistedMessage } from '../../../src/index.js';
import { composerSocketUrl } from '../../helpers/agent.js';
import { replyWithActions } from '../../helpers/chat-views.js';

const shadow = (el: HTMLElement) => el.shadowRoot as ShadowRoot;

async function openChat(messages?: readonly PersistedMessage[]): Promise<MantisChat> {
  const el = await fixture<MantisChat>(html`<mantis-chat url=${composerSocketUrl({ scenario: 'echo', delay: '0' })} .messages=${messages ?? []}></mantis-chat>`);
  await waitUntil(() => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
  return el;
}

/** The echo scenario streams the sent text back as the reply: here, a card with these actions. */

const button = (view: HTMLElement, selector: string) => shadow(view).querySelector<HTMLButtonElement>(selector) as HTMLButtonElement;
const users = (el: MantisChat) => [...shadow(el).querySelectorAll('[part~="message-user"]')].map((m) => m.textContent?.trim());

async function confirm(view: HTMLElement & { updateComplete: Promise<unknown> }, id: string): Promise<void> {
  button(view, `[data-action="${id}"]`).click();
  await waitUntil(() => shadow(view).querySelector(`[data-confirm="${id}"]`), 'no confirmation');
  button(view, `[data-confirm="${id}"]`).click();
  await view.updateComplete;
}

const task: Action = { id: 'refresh', type: 'run-task', label: 'Refresh', task: 'Refresh the index', taskId: 0 };
const followUp: Action = { id: 'more', type: 'submit-followup', label: 'Ask more', text: 'Compare the clusters' };
const prefill: Action = { id: 'draft', type: 'prefill-composer', label: 'Draft', text: 'Tell me about the edge' };
const navigate: Action = { id: 'go', type: 'navigate', label: 'Go', target: { uri: 'mantis://map/m/point/p' } };

describe('<mantis-chat> actions end to end', () => {
  it('prefill puts its text in the chat’s message box and focuses it, and sends nothing', async () => {
    const el = await openChat();
    const view = await replyWithActions(el, [prefill]);
    const before = users(el).length;
    button(view, '[data-action="draft"]').click();
    const input = shadow(el).querySelector('textarea') as HTMLTextAreaElement;
    await waitUntil(() => input.value === 'Tell me about the edge', 'not prefilled');
    expect(shadow(el).activeElement).to.equal(input);
    expect(users(el).length).to.equal(before);
  });

  it('a follow-up is sent as exactly one user message after confirmation, by keyboard, and shows it was sent', async () => {
    const el = await openChat();
    const view = await replyWithActions(el, [followUp]);
    const before = users(el).length;
    button(view, '[data-action="more"]').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shadow(view).activeElement?.getAttribute('data-confirm') === 'more', 'focus not on Confirm');
    // Focus is on Confirm; Enter confirms.
    expect(shadow(view).activeElement?.getAttribute('data-confirm')).to.equal('more');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => users(el).length === before + 1, 'not sent');
    expect(users(el).at(-1)).to.contain('Compare the clusters');
    await view.updateComplete;
    const done = button(view, '[data-action="more"]');
    expect(done.getAttribute('aria-disabled')).to.equal('true');
    expect(done.textContent).to.contain('Sent');
    // Focus came back to the action; a second click does nothing.
    expect(shadow(view).activeElement).to.equal(done);
    done.click();
    await view.updateComplete;
    expect(shadow(view).querySelector('[data-confirm]')).to.equal(null);
    expect(users(el).length).to.equal(before + 1);
  });

  it('a follow-up goes through the chat’s own send: a page that cancels mantis-send stops it, and it shows as failed', async () => {
    const el = await openChat();
    const view = await replyWithActions(el, [followUp]);
    const before = users(el).length;
    el.addEventListener('mantis-send', (e) => e.preventDefault(), { once: true });
    await confirm(view, 'more');
    await view.updateComplete;
    expect(users(el).length).to.equal(before);
    expect(button(view, '[data-action="more"]').textContent).to.contain('Failed');
  });

  it('a task shows delivered, then completed only when the trusted task event arrives; each step is announced', async () => {
    const el = await openChat();
    const view = await replyWithActions(el, [task]);
    const seen: ActionOutcomeDetail[] = [];
    el.addEventListener('mantis-action-outcome', (e) => seen.push(e.detail));
    await confirm(view, 'refresh');
    await waitUntil(() => seen.some((d) => d.outcome.task === 'completed'), 'never completed', { timeout: 5000 });
    const steps = seen.map((d) => (d.outcome.task ? `task ${d.outcome.task}` : d.outcome.status));
    expect(steps[0]).to.equal('pending');
    expect(steps).to.include('delivered');
    expect(steps.indexOf('delivered')).to.be.lessThan(steps.indexOf('task completed'));
    // The chat hands the outcome to its view at its next paced render.
    await waitUntil(() => button(view, '[data-action="refresh"]').textContent?.includes('Task completed'), 'the button never said so');
    expect(shadow(el).querySelector('[aria-live="polite"]')?.textContent).to.contain('Task completed');
    await expect(el).to.be.accessible();
  });

  it('after setting messages again and after a reload of the history, the action cannot run again and shows its outcome', async () => {
    const el = await openChat();
    let view = await replyWithActions(el, [followUp]);
    await confirm(view, 'more');
    await waitUntil(() => users(el).length === 2, 'not sent');
    el.messages = el.messages;
    await el.updateComplete;
    view = shadow(el).querySelector('mantis-ui-view') as typeof view;
    await view.updateComplete;
    const again = button(view, '[data-action="more"]');
    expect(again.getAttribute('aria-disabled')).to.equal('true');
    expect(again.textContent).to.contain('Sent');
    again.click();
    await view.updateComplete;
    expect(shadow(view).querySelector('[data-confirm]')).to.equal(null);

    const history = JSON.parse(JSON.stringify(el.messages)) as PersistedMessage[];
    const reloaded = await openChat(history);
    await reloaded.updateComplete;
    const replayed = shadow(reloaded).querySelector('mantis-ui-view') as typeof view;
    await replayed.updateComplete;
    expect(button(replayed, '[data-action="more"]').textContent).to.contain('Sent');
    button(replayed, '[data-action="more"]').click();
    await replayed.updateComplete;
    expect(shadow(replayed).querySelector('[data-confirm]')).to.equal(null);
    expect(users(reloaded).length).to.equal(users(el).length);
  });

  it('two views of one message with the same view ID keep their actions apart, also after a reload', async () => {
    const el = await openChat();
    const card = JSON.stringify({ version: 1, id: 'same', root: { id: 'card', type: 'entity-card', title: 'Card', actions: [task] } });
    const complete = oneEvent(el, 'mantis-message-complete');
    el.send(`\`\`\`mantis-ui\n${card}\n\`\`\`\n\nAnd again:\n\n\`\`\`mantis-ui\n${card}\n\`\`\`\n`);
    await complete;
    await el.updateComplete;
    const views = () => [...shadow(el).querySelectorAll('mantis-ui-view')] as (HTMLElement & { updateComplete: Promise<unknown> })[];
    expect(views()).to.have.length(2);
    await confirm(views()[0]!, 'refresh');
    await waitUntil(() => button(views()[0]!, '[data-action="refresh"]').textContent?.includes('Task'), 'the first never ran');
    // The other view's action, with the same view, node and action IDs, has not run: it is offered, and runs.
    await views()[1]!.updateComplete;
    expect(button(views()[1]!, '[data-action="refresh"]').getAttribute('aria-disabled')).not.to.equal('true');
    expect(button(views()[1]!, '[data-action="refresh"]').textContent?.trim()).to.equal('Refresh');
    await confirm(views()[1]!, 'refresh');
    await waitUntil(() => button(views()[1]!, '[data-action="refresh"]').textContent?.includes('Task'), 'the second never ran');
    const last = el.conversation.at(-1);
    expect(last?.role === 'assistant' && last.actions.map((o) => o.partId)).to.deep.equal(['view-0', 'view-1']);
    const reloaded = await openChat(JSON.parse(JSON.stringify(el.messages)) as PersistedMessage[]);
    await reloaded.updateComplete;
    const replayed = [...shadow(reloaded).querySelectorAll('mantis-ui-view')] as (HTMLElement & { updateComplete: Promise<unknown> })[];
    await Promise.all(replayed.map((v) => v.updateComplete));
    for (const view of replayed) expect(button(view, '[data-action="refresh"]').getAttribute('aria-disabled')).to.equal('true');
  });

  it('an Ask-authored message replayed in Orchestrator mode still offers only the read-only actions', async () => {
    const el = await openChat();
    el.mode = 'ask';
    await replyWithActions(el, [navigate, prefill, task, followUp]);
    const history = JSON.parse(JSON.stringify(el.messages)) as PersistedMessage[];
    const replayed = await openChat(history);
    replayed.mode = 'orchestrator';
    await replayed.updateComplete;
    const view = shadow(replayed).querySelector('mantis-ui-view') as HTMLElement & { updateComplete: Promise<unknown> };
    await view.updateComplete;
    const offered = [...shadow(view).querySelectorAll('[data-action]')].map((b) => b.getAttribute('data-action'));
    expect(offered).to.deep.equal(['go', 'draft']);
    // And the session refuses them however they are asked for.
    const messageId = replayed.conversation.find((m) => m.role === 'assistant')?.id as string;
    expect(replayed.session.runAction({ messageId, viewId: 'v', nodeId: 'card', action: task })).to.equal(false);
  });

  it('lets a host replace a handler (the actions property) or take an action over (cancel mantis-action-request)', async () => {
    const el = await openChat();
    const ran: string[] = [];
    el.actions = defaultActions.with({ ...defaultActions.handler('navigate')!, run: (request) => void ran.push(request.action.id) });
    const view = await replyWithActions(el, [navigate, prefill]);
    button(view, '[data-action="go"]').click();
    expect(ran).to.deep.equal(['go']);

    el.addEventListener('mantis-action-request', (e) => e.preventDefault(), { once: true });
    const requested = oneEvent(el, 'mantis-action-request');
    button(view, '[data-action="draft"]').click();
    expect((await requested).detail.action.id).to.equal('draft');
    await el.updateComplete;
    expect((shadow(el).querySelector('textarea') as HTMLTextAreaElement).value).to.equal('');
  });
});
