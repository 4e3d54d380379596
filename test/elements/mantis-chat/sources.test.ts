// The sources and files an AI SDK reply cites (#30 items 1 and 2): drawn where they came, never fetched by the chat;
// opening one takes a click and a confirmation that shows the whole address. Against the reference server's endpoint
// written with the real `ai` package, in real Chromium.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { agentOrigin } from '../../helpers/agent.js';
import { recordFetch } from '../../helpers/fetch-log.js';

const AI_SDK = `${agentOrigin}/api/v1/ai-sdk/chat`;
const shadow = (el: HTMLElement): ShadowRoot => el.shadowRoot as ShadowRoot;

/** `window.open`, recorded instead of opening anything, for the time of a test. */
function recordOpen(): { readonly opened: unknown[][]; restore(): void } {
  const original = window.open;
  const opened: unknown[][] = [];
  window.open = (...args: unknown[]) => {
    opened.push(args);
    return null;
  };
  return { opened, restore: () => void (window.open = original) };
}

async function chatWithSource(): Promise<MantisChat> {
  const chat = await fixture<MantisChat>(html`<mantis-chat transport="ai-sdk" url=${AI_SDK}></mantis-chat>`);
  const complete = oneEvent(chat, 'mantis-message-complete');
  chat.send('something unknown');
  await complete;
  await waitUntil(() => shadow(chat).querySelector('[part="source"]'), 'the source is drawn');
  return chat;
}

describe('<mantis-chat transport="ai-sdk"> and a cited source', () => {
  it('shows its title and host where it came, and fetches nothing of it', async () => {
    const fetches = recordFetch();
    try {
      const chat = await chatWithSource();
      const source = shadow(chat).querySelector('[part="source"]') as HTMLElement;
      expect(source.textContent).to.contain('Report').and.to.contain('example.com');
      expect(fetches.requested.every((url) => new URL(url).origin === new URL(AI_SDK).origin)).to.equal(true);
      expect(performance.getEntriesByType('resource').some((entry) => entry.name.startsWith('https://example.com'))).to.equal(false);
      await expect(chat).to.be.accessible();
    } finally {
      fetches.restore();
    }
  });

  it('opens only after a confirmation that shows the whole address; Cancel opens nothing and gives focus back', async () => {
    const windows = recordOpen();
    try {
      const chat = await chatWithSource();
      const open = shadow(chat).querySelector('[part="source-open"]') as HTMLButtonElement;
      open.focus();
      await sendKeys({ press: 'Enter' });
      const dialog = shadow(chat).querySelector('dialog[part="open-dialog"]') as HTMLDialogElement;
      expect(dialog.open).to.equal(true);
      expect(dialog.querySelector('[part="open-url"]')?.textContent).to.equal('https://example.com/report');
      expect(shadow(chat).activeElement?.getAttribute('part')).to.equal('open-cancel');
      await sendKeys({ press: 'Enter' });
      expect(dialog.open).to.equal(false);
      expect(windows.opened).to.deep.equal([]);
      expect(shadow(chat).activeElement).to.equal(open);

      open.click();
      (dialog.querySelector('[part="open-confirm"]') as HTMLButtonElement).click();
      expect(windows.opened).to.deep.equal([['https://example.com/report', '_blank', 'noopener,noreferrer']]);
    } finally {
      windows.restore();
    }
  });

  it('draws a replayed source the same way, with no connection', async () => {
    const chat = await chatWithSource();
    const replayed = await fixture<MantisChat>(html`<mantis-chat .messages=${chat.messages}></mantis-chat>`);
    await waitUntil(() => shadow(replayed).querySelector('[part="source"]'), 'the source is drawn');
    expect(shadow(replayed).querySelector('[part="source"]')?.textContent).to.contain('Report');
  });
});
