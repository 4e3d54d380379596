import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisUiView } from '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { ActionDetail } from '../../../elements/events.js';

/*
 * The action buttons of <mantis-ui-view>: one-click read actions, the confirmation step of state-changing ones,
 * at most once per rendered message, Ask's read-only policy, and the disabled state while a message streams.
 */

type Json = Record<string, unknown>;

const point = (n: number) => ({ uri: `mantis://map/atlas/point/p${n}` });

const NAVIGATE = { id: 'go', type: 'navigate', label: 'Show on map', target: { uri: 'mantis://map/atlas/cluster/c7' } };
const SUMMARIZE = { id: 'sum', type: 'summarize', label: 'Summarize', target: { uri: 'mantis://map/atlas/bag/b3' } };
const PREFILL = { id: 'draft', type: 'prefill-composer', label: 'Draft a question', text: 'Which points are outliers?' };
const ADD_TO_BAG = { id: 'bag', type: 'add-to-bag', label: 'Sure, add them!', targets: [point(1), point(2)] };
const RUN_TASK = { id: 'run', type: 'run-task', label: 'Run clustering', task: 'Re-cluster the memory points', taskId: 42 };
const SUBMIT = { id: 'send', type: 'submit-followup', label: 'Ask the follow-up', text: 'Compare cluster 7 with cluster 9.' };

const READS = [NAVIGATE, SUMMARIZE, PREFILL];
const WRITES = [ADD_TO_BAG, RUN_TASK, SUBMIT];

const makeView = (id = 'msg-1'): Json => ({
  version: 1,
  id,
  root: {
    id: 'main',
    type: 'stack',
    children: [
      { id: 'reads', type: 'action-row', actions: READS },
      { id: 'writes', type: 'action-row', actions: WRITES },
    ],
  },
});

// Assertions take booleans, numbers and strings, never DOM nodes or events: a failure message that serialises one
// can stall the test runner.
const present = (node: Element | null | undefined): boolean => node !== null && node !== undefined;
const shadow = (el: MantisUiView) => el.shadowRoot as ShadowRoot;
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const button = (el: MantisUiView, id: string) => shadow(el).querySelector<HTMLButtonElement>(`[data-action="${id}"]`);
const confirmButton = (el: MantisUiView) => shadow(el).querySelector<HTMLButtonElement>('[data-confirm]');
const cancelButton = (el: MantisUiView) => shadow(el).querySelector<HTMLButtonElement>('[part="action-confirm"] [data-cancel]');
const focused = (el: MantisUiView) => shadow(el).activeElement as HTMLElement | null;
const isInert = (b: HTMLButtonElement | null) => !!b && (b.disabled || b.getAttribute('aria-disabled') === 'true');

async function setup(attrs: { readOnly?: boolean; disabled?: boolean } = {}) {
  const el = await fixture<MantisUiView>(
    html`<mantis-ui-view ?read-only=${attrs.readOnly} ?actions-disabled=${attrs.disabled} .view=${makeView()}></mantis-ui-view>`,
  );
  const events: CustomEvent<ActionDetail>[] = [];
  const onDocument: CustomEvent<ActionDetail>[] = [];
  el.addEventListener('mantis-action', (event) => events.push(event));
  const listener = (event: Event) => onDocument.push(event as CustomEvent<ActionDetail>);
  document.addEventListener('mantis-action', listener);
  afterCleanup.push(() => document.removeEventListener('mantis-action', listener));
  return { el, events, onDocument };
}

const afterCleanup: Array<() => void> = [];
afterEach(() => {
  while (afterCleanup.length) afterCleanup.pop()?.();
});

/** Clicks a state-changing action and waits for its confirmation step to take focus. */
async function askToConfirm(el: MantisUiView, id: string): Promise<HTMLButtonElement> {
  (button(el, id) as HTMLButtonElement).click();
  await el.updateComplete;
  await waitUntil(() => focused(el)?.dataset.confirm === id, `focus moves to the Confirm button of ${id}`);
  return confirmButton(el) as HTMLButtonElement;
}

describe('<mantis-ui-view> actions', () => {
  describe('navigate, summarize and prefill-composer', () => {
    for (const action of READS) {
      it(`${action.type} fires mantis-action on one click`, async () => {
        const { el, events, onDocument } = await setup();
        const b = button(el, action.id) as HTMLButtonElement;
        expect(text(b)).to.equal(action.label);
        expect(b.hasAttribute('aria-description')).to.equal(false);
        b.click();
        expect(events.length).to.equal(1);
        const event = events[0] as CustomEvent<ActionDetail>;
        expect(event.bubbles).to.equal(true);
        expect(event.composed).to.equal(true);
        expect(event.detail).to.deep.equal({ viewId: 'msg-1', nodeId: 'reads', action });
        // It crosses the shadow root and reaches the document.
        expect(onDocument.length).to.equal(1);
        expect(present(confirmButton(el))).to.equal(false);
      });
    }
  });

  describe('add-to-bag, run-task and submit-followup', () => {
    const confirmations: Record<string, string> = {
      bag: 'Add 2 points to the active bag?',
      run: 'Start this task: “Re-cluster the memory points”?',
      send: 'Send this message: “Compare cluster 7 with cluster 9.”?',
    };

    for (const action of WRITES) {
      it(`${action.type}: the first click asks, with a client-derived text; Confirm fires exactly once`, async () => {
        const { el, events } = await setup();
        expect(button(el, action.id)?.getAttribute('aria-description')).to.equal('Asks for confirmation');
        const confirm = await askToConfirm(el, action.id);
        expect(events.length).to.equal(0);
        const step = shadow(el).querySelector('[part="action-confirm"]') as HTMLElement;
        expect(step.getAttribute('role')).to.equal('group');
        const description = text(step.querySelector('.confirm-text'));
        expect(description).to.equal(confirmations[action.id]);
        expect(description).not.to.contain(action.label);
        // The Confirm button is described by that text, so it is read when focus lands on it.
        const describedBy = confirm.getAttribute('aria-describedby') ?? '';
        expect(text(shadow(el).getElementById(describedBy))).to.equal(confirmations[action.id]);
        expect(present(button(el, action.id))).to.equal(false);

        confirm.click();
        confirm.click(); // a double click still runs it once
        expect(events.length).to.equal(1);
        const detail = (events[0] as CustomEvent<ActionDetail>).detail;
        expect(detail.viewId).to.equal('msg-1');
        expect(detail.nodeId).to.equal('writes');
        expect(detail.action.id).to.equal(action.id);
        if (detail.action.type === 'run-task') expect(detail.action.taskId).to.equal(0);
        else expect(detail.action).to.deep.equal(action);

        await el.updateComplete;
        expect(present(confirmButton(el))).to.equal(false);
        const after = button(el, action.id) as HTMLButtonElement;
        expect(after.getAttribute('aria-disabled')).to.equal('true');
        expect(text(after)).to.contain('(sent)');
        // Focus comes back to the action, not to the page.
        await waitUntil(() => focused(el) === after, 'focus returns to the action');

        // At most once: clicking again neither asks nor fires.
        after.click();
        await el.updateComplete;
        expect(present(confirmButton(el))).to.equal(false);
        expect(events.length).to.equal(1);
      });

      it(`${action.type}: Cancel goes back without firing and returns focus`, async () => {
        const { el, events } = await setup();
        await askToConfirm(el, action.id);
        (cancelButton(el) as HTMLButtonElement).click();
        await el.updateComplete;
        expect(present(confirmButton(el))).to.equal(false);
        await waitUntil(() => focused(el)?.dataset.action === action.id, 'focus returns to the action');
        expect(isInert(button(el, action.id))).to.equal(false);
        expect(events.length).to.equal(0);
        // It can still be confirmed afterwards.
        (await askToConfirm(el, action.id)).click();
        expect(events.length).to.equal(1);
      });

      it(`${action.type}: Escape on the Confirm button goes back without firing and returns focus`, async () => {
        const { el, events } = await setup();
        await askToConfirm(el, action.id);
        await sendKeys({ press: 'Escape' });
        await el.updateComplete;
        expect(present(confirmButton(el))).to.equal(false);
        await waitUntil(() => focused(el)?.dataset.action === action.id, 'focus returns to the action');
        expect(events.length).to.equal(0);
      });
    }

    it('names the bag by name or by ID in the confirmation, never by the label', async () => {
      const el = await fixture<MantisUiView>(html`<mantis-ui-view></mantis-ui-view>`);
      el.view = {
        version: 1,
        id: 'bags',
        root: {
          id: 'row',
          type: 'action-row',
          actions: [
            { id: 'named', type: 'add-to-bag', label: 'Add it', targets: [point(1)], bagName: 'Favourites' },
            { id: 'byid', type: 'add-to-bag', label: 'Add them', targets: [point(1), point(2), point(3)], bagId: 'b7' },
          ],
        },
      };
      await el.updateComplete;
      await askToConfirm(el, 'named');
      expect(text(shadow(el).querySelector('.confirm-text'))).to.equal('Add 1 point to the bag “Favourites”?');
      await askToConfirm(el, 'byid');
      expect(shadow(el).querySelectorAll('[part="action-confirm"]').length).to.equal(1);
      expect(text(shadow(el).querySelector('.confirm-text'))).to.equal('Add 3 points to bag b7?');
    });

    it('the whole confirm flow works from the keyboard', async () => {
      const { el, events } = await setup();
      (button(el, 'bag') as HTMLButtonElement).focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(el)?.dataset.confirm === 'bag', 'Enter opens the confirmation');
      expect(events.length).to.equal(0);

      // Tab to Cancel, Space cancels.
      await sendKeys({ press: 'Tab' });
      expect(focused(el)?.dataset.cancel).to.equal('bag');
      await sendKeys({ press: 'Space' });
      await waitUntil(() => focused(el)?.dataset.action === 'bag', 'Cancel returns focus');
      expect(events.length).to.equal(0);

      // Space asks again; Enter confirms.
      await sendKeys({ press: 'Space' });
      await waitUntil(() => focused(el)?.dataset.confirm === 'bag', 'Space opens the confirmation');
      await sendKeys({ press: 'Enter' });
      expect(events.map((e) => e.detail.action.id)).to.deep.equal(['bag']);
      await waitUntil(() => focused(el)?.dataset.action === 'bag', 'focus returns to the action');

      // Pressing it again does nothing.
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'Space' });
      await el.updateComplete;
      expect(present(confirmButton(el))).to.equal(false);
      expect(events.length).to.equal(1);

      // Tab moves on to run-task, Enter asks, Escape cancels, Enter asks again and Enter confirms.
      await sendKeys({ press: 'Tab' });
      expect(focused(el)?.dataset.action).to.equal('run');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(el)?.dataset.confirm === 'run');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => focused(el)?.dataset.action === 'run', 'Escape returns focus');
      expect(events.length).to.equal(1);
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(el)?.dataset.confirm === 'run');
      await sendKeys({ press: 'Enter' });
      expect(events.map((e) => e.detail.action.id)).to.deep.equal(['bag', 'run']);
    });
  });

  describe('read-only (Ask policy)', () => {
    it('hides add-to-bag, run-task and submit-followup but keeps navigate, summarize and prefill-composer', async () => {
      const { el, events } = await setup({ readOnly: true });
      const shown = [...shadow(el).querySelectorAll<HTMLButtonElement>('[data-action]')].map((b) => b.dataset.action);
      expect(shown).to.deep.equal(['go', 'sum', 'draft']);
      expect(shadow(el).textContent).not.to.contain(ADD_TO_BAG.label);
      expect(shadow(el).textContent).not.to.contain(RUN_TASK.label);
      expect(shadow(el).textContent).not.to.contain(SUBMIT.label);
      // The row with only state-changing actions renders no empty group.
      expect(shadow(el).querySelectorAll('[part="actions"]').length).to.equal(1);
      for (const id of ['go', 'sum', 'draft']) (button(el, id) as HTMLButtonElement).click();
      expect(events.map((e) => e.detail.action.type)).to.deep.equal(['navigate', 'summarize', 'prefill-composer']);
      await expect(el).to.be.accessible();

      el.readOnly = false;
      await el.updateComplete;
      expect(present(button(el, 'bag'))).to.equal(true);
    });
  });

  describe('actions-disabled', () => {
    it('disables every action button and nothing fires; removing it re-enables them', async () => {
      const { el, events } = await setup({ disabled: true });
      const all = [...shadow(el).querySelectorAll<HTMLButtonElement>('[data-action]')];
      expect(all.map((b) => b.dataset.action)).to.deep.equal(['go', 'sum', 'draft', 'bag', 'run', 'send']);
      for (const b of all) {
        expect(b.disabled, b.dataset.action).to.equal(true);
        b.click();
      }
      await el.updateComplete;
      expect(present(confirmButton(el))).to.equal(false);
      expect(events.length).to.equal(0);

      el.removeAttribute('actions-disabled');
      await el.updateComplete;
      for (const b of shadow(el).querySelectorAll<HTMLButtonElement>('[data-action]')) expect(b.disabled, b.dataset.action).to.equal(false);
      (button(el, 'go') as HTMLButtonElement).click();
      (await askToConfirm(el, 'send')).click();
      expect(events.map((e) => e.detail.action.id)).to.deep.equal(['go', 'send']);
    });

    it('a pending confirmation cannot be confirmed once actions are disabled', async () => {
      const { el, events } = await setup();
      const confirm = await askToConfirm(el, 'bag');
      el.actionsDisabled = true;
      await el.updateComplete;
      expect(present(confirmButton(el))).to.equal(false);
      confirm.click(); // the detached button
      expect(events.length).to.equal(0);
      el.actionsDisabled = false;
      await el.updateComplete;
      // The user confirms afresh: the old step does not come back by itself.
      expect(present(confirmButton(el))).to.equal(false);
      expect(isInert(button(el, 'bag'))).to.equal(false);
    });
  });

  describe('a new rendered message', () => {
    it('a new view resets the at-most-once memory', async () => {
      const { el, events } = await setup();
      (await askToConfirm(el, 'bag')).click();
      (await askToConfirm(el, 'run')).click();
      await el.updateComplete;
      expect(isInert(button(el, 'bag'))).to.equal(true);
      expect(isInert(button(el, 'run'))).to.equal(true);

      // A pending confirmation does not survive either.
      await askToConfirm(el, 'send');
      el.view = makeView('msg-2');
      await el.updateComplete;
      expect(present(confirmButton(el))).to.equal(false);
      for (const id of ['bag', 'run', 'send']) {
        expect(isInert(button(el, id)), id).to.equal(false);
        expect(text(button(el, id))).not.to.contain('(sent)');
      }
      (await askToConfirm(el, 'bag')).click();
      expect(events.map((e) => `${e.detail.viewId}/${e.detail.action.id}`)).to.deep.equal(['msg-1/bag', 'msg-1/run', 'msg-2/bag']);
    });
  });
});
