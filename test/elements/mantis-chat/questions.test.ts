// What an agent asks in a reply, answered from the chat (#30 item 5): an AI SDK tool approval and AG-UI interrupts,
// against the reference server's endpoints written with the real `ai` and `@ag-ui/*` packages (demo/server/), in real
// Chromium. The answer goes once, the agent goes on in the same message, and a reload shows what was answered.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import type { MessageCompleteDetail } from '../../../elements/events.js';
import { agentOrigin } from '../../helpers/agent.js';
import { recordFetch } from '../../helpers/fetch-log.js';

const AI_SDK = `${agentOrigin}/api/v1/ai-sdk/chat`;
const AG_UI = `${agentOrigin}/api/v1/ag-ui/agent`;
const shadow = (el: HTMLElement): ShadowRoot => el.shadowRoot as ShadowRoot;
const q = <T extends Element = HTMLElement>(chat: MantisChat, selector: string): T | null => shadow(chat).querySelector<T>(selector);

async function reply(chat: MantisChat, text: string): Promise<MessageCompleteDetail> {
  const complete = oneEvent(chat, 'mantis-message-complete');
  expect(chat.send(text)).to.equal(true);
  const { detail } = await complete;
  await chat.updateComplete;
  return detail;
}

/** Waits until the question's controls (a lazy module) are drawn. */
async function controls(chat: MantisChat, selector = '[part="approval-approve"]'): Promise<HTMLButtonElement> {
  await waitUntil(() => q(chat, selector), 'the controls to answer are drawn');
  return q<HTMLButtonElement>(chat, selector) as HTMLButtonElement;
}

/**
 * Everything the chat's live region says from now on. Two announcements may come before the observer is told of the
 * first: each text a node held is kept (a replaced value is a change's old value), not only what it holds when told.
 */
function announcements(chat: MantisChat): { includes(text: string): boolean } {
  const region = q(chat, '[aria-live="polite"]') as HTMLElement;
  const said = new Set<string>();
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.oldValue) said.add(record.oldValue.trim());
      for (const node of record.addedNodes) said.add(node.textContent?.trim() ?? '');
    }
    said.add(region.textContent?.trim() ?? '');
  }).observe(region, { childList: true, characterData: true, characterDataOldValue: true, subtree: true });
  return { includes: (text) => said.has(text) || region.textContent?.trim() === text, toString: () => [...said].join(' | ') } as { includes(text: string): boolean };
}

describe('<mantis-chat transport="ai-sdk"> and a tool approval', () => {
  it('asks in place, is answered from the keyboard once, and the agent goes on in the same message', async () => {
    const fetches = recordFetch();
    try {
      const chat = await fixture<MantisChat>(html`<mantis-chat transport="ai-sdk" url=${AI_SDK}></mantis-chat>`);
      const said = announcements(chat);
      const { message } = await reply(chat, 'approve the deletion');
      const approve = await controls(chat);
      await waitUntil(() => said.includes('The agent asks: may it run delete_site?'), 'the question is announced');
      const form = q(chat, '[part="approval"]') as HTMLElement;
      expect(form.textContent).to.contain('delete_site').and.to.contain('Deleting a site cannot be undone.');
      expect(q(chat, '[part="approval-deny"]')).to.not.equal(null);
      await expect(chat).to.be.accessible();
      const posts = fetches.requested.length;
      approve.focus();
      expect(shadow(chat).activeElement).to.equal(approve);
      const goesOn = oneEvent(chat, 'mantis-message-complete');
      await sendKeys({ press: 'Enter' });
      const { detail } = await goesOn;
      await chat.updateComplete;
      expect(detail.message.id, 'the same message goes on').to.equal(message.id);
      expect(fetches.requested.length - posts, 'the answer is posted once').to.equal(1);
      expect(shadow(chat).querySelectorAll('[part~="message-assistant"]')).to.have.length(1);
      expect(q(chat, '[part~="message-assistant"]')?.textContent).to.contain('Site north-3 was deleted.');
      expect(q(chat, '[part~="tool"]')?.getAttribute('aria-label')).to.equal('Tool delete_site: completed');
      expect(q(chat, '[part="approval-approve"]'), 'no buttons once answered').to.equal(null);
      // What the agent said once it went on is announced, not the message from its start.
      await waitUntil(() => said.includes('Assistant replied: Site north-3 was deleted.'), `the continuation is announced: ${String(said)}`);
    } finally {
      fetches.restore();
    }
  });

  it('sends a denial with the user’s reason, and a reload shows the answered call without buttons', async () => {
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ai-sdk" url=${AI_SDK}></mantis-chat>`);
    await reply(chat, 'approve the deletion');
    await controls(chat);
    (q<HTMLInputElement>(chat, '[part="approval-reason"]') as HTMLInputElement).focus();
    await sendKeys({ type: 'Keep it for the audit' });
    const goesOn = oneEvent(chat, 'mantis-message-complete');
    (q(chat, '[part="approval-deny"]') as HTMLButtonElement).click();
    await goesOn;
    await chat.updateComplete;
    const said = q(chat, '[part~="message-assistant"]')?.textContent ?? '';
    expect(said).to.contain('I left north-3 alone.').and.to.contain('Keep it for the audit');
    const replayed = await fixture<MantisChat>(html`<mantis-chat .messages=${chat.messages}></mantis-chat>`);
    await replayed.updateComplete;
    expect(q(replayed, '[part~="tool"]')?.getAttribute('aria-label')).to.equal('Tool delete_site: denied');
    expect(q(replayed, '[part="approval-approve"]')).to.equal(null);
    expect(q(replayed, '[part~="message-assistant"]')?.textContent).to.contain('I left north-3 alone.');
  });
});

describe('<mantis-chat transport="ag-ui"> and interrupts', () => {
  it('shows an interrupt at its tool call; resolving it resumes the run in the same message', async () => {
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${AG_UI}></mantis-chat>`);
    const { message } = await reply(chat, 'interrupt me');
    const approve = await controls(chat);
    const tool = q(chat, '[part~="tool"]') as HTMLElement;
    const question = q(chat, '[part="interrupt"]') as HTMLElement;
    expect(question.textContent).to.contain('Delete site north-3?');
    // Drawn right after its tool call.
    expect(tool.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    await expect(chat).to.be.accessible();
    const goesOn = oneEvent(chat, 'mantis-message-complete');
    approve.click();
    const { detail } = await goesOn;
    await chat.updateComplete;
    expect(detail.message.id).to.equal(message.id);
    expect(q(chat, '[part~="message-assistant"]')?.textContent).to.contain('Resumed:').and.to.contain('"interruptId":"int-1"').and.to.contain('"status":"resolved"');
    expect(q(chat, '[part="interrupt-state"]')?.textContent).to.contain('Answered.');
  });

  it('asks for a payload with a small form and sends what the user filled in', async () => {
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${AG_UI}></mantis-chat>`);
    await reply(chat, 'interrupt form');
    await controls(chat);
    const form = q<HTMLFormElement>(chat, '[part="interrupt"]') as HTMLFormElement;
    expect([...form.querySelectorAll('label')].map((l) => l.textContent?.trim().split(/\s+/)[0])).to.deep.equal(['Note', 'Priority', 'Notify', 'Copies']);
    (form.querySelector('select[name="priority"]') as HTMLSelectElement).value = 'high';
    (form.querySelector('input[name="notify"]') as HTMLInputElement).checked = true;
    (form.querySelector('input[name="copies"]') as HTMLInputElement).value = '2';
    const goesOn = oneEvent(chat, 'mantis-message-complete');
    (form.querySelector('[part="approval-approve"]') as HTMLButtonElement).click();
    await goesOn;
    await chat.updateComplete;
    expect(q(chat, '[part~="message-assistant"]')?.textContent).to.contain('"payload":{"priority":"high","notify":true,"copies":2}');
  });

  it('does not let an expired interrupt be answered, and says so', async () => {
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${AG_UI}></mantis-chat>`);
    await reply(chat, 'interrupt expired');
    await controls(chat);
    const questions = [...shadow(chat).querySelectorAll('[part="interrupt"]')];
    expect(questions).to.have.length(2);
    const expired = questions.find((f) => f.querySelector('[part="interrupt-state"]'));
    expect(expired?.textContent).to.contain('expired');
    expect(expired?.querySelector('button')).to.equal(null);
    expect(shadow(chat).querySelectorAll('[part="approval-approve"]')).to.have.length(1);
  });
});

describe('<mantis-chat> whose connection cannot carry answers', () => {
  it('shows an approval request as the tool’s state alone, with no controls', async () => {
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ai-sdk" url=${AI_SDK}></mantis-chat>`);
    await reply(chat, 'approve the deletion');
    await controls(chat);
    // The same conversation in a chat with no connection (a history shown read-only).
    const replayed = await fixture<MantisChat>(html`<mantis-chat .messages=${chat.messages}></mantis-chat>`);
    await replayed.updateComplete;
    expect(q(replayed, '[part~="tool"]')?.getAttribute('aria-label')).to.equal('Tool delete_site: awaiting approval');
    expect(q(replayed, '[part="approval"]')).to.equal(null);
    expect(q(replayed, '[part="question-loading"]')).to.equal(null);
  });
});
