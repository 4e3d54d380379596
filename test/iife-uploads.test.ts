// Attachments from the script tag: the tus client is a chunk of its own, loaded with a chat's first file, as what
// checks and uploads the files is (src/uploads/tray-work.ts); the tray's state is in the first load.
import { expect, waitUntil } from '@open-wc/testing';
import { agentOrigin, composerSocketUrl } from './helpers/agent.js';
import { legacyPage } from './helpers/legacy-page.js';
import { fetchedCode, fetchedModule } from './helpers/cdn-files.js';

interface LegacyChat extends HTMLElement {
  mediaToken: () => string;
  session: { attachments: { add(files: File[]): Promise<unknown>; items: ReadonlyArray<{ state: string; uploadId?: string }> } };
}

describe('attachments beside the IIFE', function () {
  this.timeout(20000);

  it('the tus client is not in the first load; a legacy page loads it with its first file and uploads', async () => {
    const uploads = new URL('/api/v1/uploads/', agentOrigin).href;
    const { frame, win, doc } = await legacyPage(`<mantis-chat url="${composerSocketUrl()}" upload-url="${uploads}"></mantis-chat>`);
    const chat = doc.querySelector('mantis-chat') as unknown as LegacyChat;
    chat.mediaToken = () => 'demo-token';
    await waitUntil(() => chat.shadowRoot?.querySelector('[part="attach-button"]'), 'no attach button');
    const loaded = () => fetchedModule(win, 'elements/internal/tus-uploader.ts');
    expect(await loaded()).to.equal(false);
    expect((await fetchedCode(win)).includes('tus: failed to'), 'tus-js-client text').to.equal(false);
    await chat.session.attachments.add([new win.File(['a,b\n1,2\n'], 'legacy.csv', { type: 'text/csv' })]);
    await waitUntil(() => chat.session.attachments.items[0]?.state === 'uploaded', 'never uploaded', { timeout: 10000 });
    expect(await loaded()).to.equal(true);
    expect(chat.session.attachments.items[0]?.uploadId).to.match(/^[0-9a-f]{32}$/);
    frame.remove();
  });
});
