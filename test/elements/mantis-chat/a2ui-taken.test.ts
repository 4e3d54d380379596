// A page that defined <mantis-a2ui-surface> itself before mantis-ui loaded (ES build): the chat shows a note where a
// surface would be, and no element of the page's class in its transcript. The elements are imported only after the
// page's definition, so this file imports nothing of mantis-ui at its top.
import { expect } from '@open-wc/testing';

class PagesOwnSurface extends HTMLElement {}

describe('<mantis-chat> on a page that took <mantis-a2ui-surface>', () => {
  it('says so in place of each surface, and warns once', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
      warn(...args);
    };
    try {
      customElements.define('mantis-a2ui-surface', PagesOwnSurface);
      await import('../../../elements/index.js');
      const { a2uiFormMessages, cleanupChats, mountChat, reply, sendMessage, waitForReply } = await import('../../../elements/testing/index.js');
      const { chat } = await mountChat({ replies: [reply().text('Book below.').a2ui(a2uiFormMessages)] });
      await sendMessage(chat, 'Book a table');
      // waitForReply takes the note for the surface it stands for.
      await waitForReply(chat, { timeout: 5000 });
      const note = chat.shadowRoot?.querySelector('[part="surface-fallback"]');
      expect(note?.getAttribute('role')).to.equal('note');
      expect(note?.textContent).to.contain('the page defines <mantis-a2ui-surface> itself');
      expect((note as HTMLElement).dataset['surfaceId']).to.equal('booking');
      expect(chat.shadowRoot?.querySelector('mantis-a2ui-surface')).to.equal(null);
      expect(customElements.get('mantis-a2ui-surface')).to.equal(PagesOwnSurface);
      expect(warnings.filter((w) => w.includes('<mantis-a2ui-surface> is already defined'))).to.have.length(1);
      await expect(chat).to.be.accessible();
      cleanupChats();
    } finally {
      console.warn = warn;
    }
  });
});
