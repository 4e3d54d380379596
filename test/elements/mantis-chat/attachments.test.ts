// Attachments end to end against the reference server (issue 15): files from the picker, a drop and a paste upload
// over tus with progress; the backend's trusted `attachment` event makes the part and its authenticated preview; a
// cancelled upload leaves nothing; refused files say why before anything is sent; text never makes an attachment;
// a message waits for its files and is delivered once across a reconnect; history replays the attachment.
import { expect, fixture, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/index.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { type AssistantMessage, type PendingAttachment, type SocketLike } from '../../../src/index.js';
import { WebSocketTransport } from '../../../src/protocols/composer/transports.js';
import { agentOrigin, composerSocketUrl } from '../../helpers/agent.js';
import { reply } from '../../helpers/chat-replies.js';

const shadow = (el: Element) => el.shadowRoot as ShadowRoot;
const unique = (name: string) => `${Math.random().toString(36).slice(2, 8)}-${name}`;
const UPLOADS = new URL('/api/v1/uploads/', agentOrigin).href;

interface UploadStats {
  readonly uploads: ReadonlyArray<{ id: string; account: string; name: string; size: number; offset: number; complete: boolean; claimed: boolean; key?: string }>;
  readonly stored: readonly string[];
  readonly patches: ReadonlyArray<{ id: string; startOffset: number; bytes: number; aborted: boolean }>;
  readonly faults: { cut_after: number | null; throttle: number | null; hold_create: number | null; cut_delete: number | null };
}

const control = (path: string, init?: RequestInit) => fetch(new URL(`/api/v1/test/uploads/${path}`, agentOrigin), init);
const stats = async (): Promise<UploadStats> => (await control('stats')).json() as Promise<UploadStats>;
const setFaults = (faults: { cut_after?: number; throttle?: number; hold_create?: number; cut_delete?: number }) =>
  control('faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(faults) });

/** A real PNG drawn on a canvas. */
async function pngFile(name: string, color = '#2563eb'): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 24;
  canvas.height = 24;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  context.fillStyle = color;
  context.fillRect(0, 0, 24, 24);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

/** A CSV of about `bytes` bytes: large enough to watch it upload. */
const csvFile = (name: string, bytes: number): File => new File(['time,value\n', '2024-03-09T06:00:00Z,318\n'.repeat(Math.ceil(bytes / 25))], name, { type: 'text/csv' });

const filesOf = (...files: File[]): DataTransfer => {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer;
};

async function openChat(attributes: Record<string, string> = {}, connection?: WebSocketTransport): Promise<MantisChat> {
  const el = document.createElement('mantis-chat');
  if (connection) el.connection = connection;
  else el.setAttribute('url', composerSocketUrl({ scenario: 'echo', delay: '0' }));
  el.setAttribute('upload-url', UPLOADS);
  el.setAttribute('media-base-url', new URL('/api/v1/', agentOrigin).href);
  el.mediaToken = () => 'demo-token';
  el.style.setProperty('--mantis-chat-height', '34rem');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const chat = await fixture<MantisChat>(el);
  await waitUntil(() => chat.session.state === 'open', 'never connected', { timeout: 5000 });
  // The attachment controls are loaded once the chat has an upload endpoint.
  await waitUntil(() => shadow(chat).querySelector('[part="attach-button"]'), 'no attach button');
  return chat;
}

const part = (el: MantisChat, name: string) => shadow(el).querySelector(`[part~="${name}"]`) as HTMLElement | null;
const chips = (el: MantisChat) => [...shadow(el).querySelectorAll<HTMLElement>('[part~="attachment-chip"]')];
const textarea = (el: MantisChat) => shadow(el).querySelector('textarea') as HTMLTextAreaElement;
const uploaded = (el: MantisChat, count: number) =>
  waitUntil(() => el.session.attachments.items.filter((i) => i.state === 'uploaded').length === count, 'the files never uploaded', { timeout: 15_000 });

/** Every `sent` value an attachment reported, by name, while it uploaded. */
function watchProgress(el: MantisChat): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  el.session.attachments.subscribe(() => {
    for (const item of el.session.attachments.items) {
      const list = seen.get(item.name) ?? [];
      if (list.at(-1) !== item.sent) list.push(item.sent);
      seen.set(item.name, list);
    }
  });
  return seen;
}

/** Sends what is typed (with the files) by pressing Enter in the message box. */
async function typeAndSend(el: MantisChat, text: string): Promise<void> {
  textarea(el).focus();
  if (text) await sendKeys({ type: text });
  await sendKeys({ press: 'Enter' });
}

/** Sends what is typed with the files attached, from the input as a user does, and resolves with the reply. */
async function replyWithFiles(el: MantisChat, text: string): Promise<AssistantMessage> {
  const complete = oneEvent(el, 'mantis-message-complete');
  await typeAndSend(el, text);
  const { detail } = await complete;
  await el.updateComplete;
  return el.session.thread.assistant((detail.message as AssistantMessage).id) as AssistantMessage;
}

afterEach(async () => {
  await control('faults', { method: 'DELETE' });
});

describe('<mantis-chat> attachments', function () {
  this.timeout(30_000);

  it('attaches by the file picker (opened from the keyboard), uploads with progress, and the reply confirms it with a part and an authenticated preview', async () => {
    const el = await openChat({ 'upload-chunk-size': String(16 * 1024) });
    const button = part(el, 'attach-button') as HTMLButtonElement;
    const input = shadow(el).querySelector('input[type="file"]') as HTMLInputElement;
    let opened = 0;
    input.addEventListener('click', (event) => {
      opened += 1;
      event.preventDefault();
    });
    button.focus();
    await sendKeys({ press: 'Enter' });
    expect(opened).to.equal(1);
    expect(input.accept.split(',')).to.include('image/png');

    const progress = watchProgress(el);
    await setFaults({ throttle: 64 * 1024 });
    const name = unique('picked.csv');
    const png = await pngFile(unique('picked.png'));
    input.files = filesOf(csvFile(name, 96 * 1024), png).files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => chips(el).length === 2, 'no chips');
    const chip = chips(el)[0] as HTMLElement;
    expect(chip.querySelector('.chip-name')?.textContent).to.equal(name);
    // A chip shows "Checking…" until the file's first bytes were read (the checks load on first use): then its type.
    await waitUntil(() => !chip.matches('[part~="attachment-checking"]'), 'the file was never checked');
    expect(chip.textContent).to.contain('text/csv');
    await waitUntil(() => chip.querySelector('progress') !== null, 'no progress bar');
    await uploaded(el, 2);
    const sent = progress.get(name) ?? [];
    const size = (el.session.attachments.items[0] as PendingAttachment).size;
    expect(sent.some((n) => n > 0 && n < size), `progress ${sent.join(', ')}`).to.equal(true);
    expect(sent.every((n, i) => i === 0 || n >= (sent[i - 1] as number))).to.equal(true);
    expect(sent.at(-1)).to.equal(size);
    await el.updateComplete;
    expect(chips(el).every((c) => c.dataset['state'] === 'uploaded')).to.equal(true);
    await expect(el).to.be.accessible();

    const message = await replyWithFiles(el, 'What are these?');
    const user = el.session.messages.at(-2);
    expect(user?.role === 'user' && user.attachments?.map((f) => f.name)).to.deep.equal([name, png.name]);
    expect(chips(el).length).to.equal(0);
    const parts = message.parts.filter((p) => p.type === 'data-mantis-attachment');
    expect(parts.map((p) => p.data.name)).to.deep.equal([name, png.name]);
    const stored = await stats();
    for (const p of parts) {
      expect(p.data.key).to.match(/^agent_files\/uploads\/demo\//);
      expect(stored.stored).to.include(p.data.key);
    }
    // The image previews through the media service, with the bearer token: an object URL of the fetched bytes.
    const card = [...shadow(el).querySelectorAll('[part="attachment"]')].find((c) => c.textContent?.includes(png.name)) as HTMLElement;
    const item = card.querySelector('mantis-media-item') as HTMLElement;
    await waitUntil(() => (shadow(item).querySelector('img') as HTMLImageElement | null)?.src.startsWith('blob:'), 'no preview', { timeout: 10_000 });
    const img = shadow(item).querySelector('img') as HTMLImageElement;
    await waitUntil(() => img.complete && img.naturalWidth === 24, 'the preview did not decode');
    await expect(el).to.be.accessible();
  });

  it('attaches by drop and by paste; a failed send of neither loses the files', async () => {
    const el = await openChat();
    const base = part(el, 'base') as HTMLElement;
    const dropped = await pngFile(unique('dropped.png'), '#16a34a');
    const transfer = filesOf(dropped);
    base.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true, composed: true }));
    await el.updateComplete;
    expect(base.classList.contains('dragging')).to.equal(true);
    const drop = new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true, composed: true });
    base.dispatchEvent(drop);
    expect(drop.defaultPrevented).to.equal(true);
    await el.updateComplete;
    expect(base.classList.contains('dragging')).to.equal(false);

    const pasted = await pngFile(unique('pasted.png'), '#dc2626');
    const paste = new ClipboardEvent('paste', { clipboardData: filesOf(pasted), bubbles: true, cancelable: true, composed: true });
    textarea(el).dispatchEvent(paste);
    // The file is attached; no file name is pasted as text.
    expect(paste.defaultPrevented).to.equal(true);
    expect(textarea(el).value).to.equal('');
    await uploaded(el, 2);
    expect(el.session.attachments.items.map((i) => i.name)).to.deep.equal([dropped.name, pasted.name]);

    // Files alone, with no text, can be sent.
    await typeAndSend(el, '');
    await waitUntil(() => el.session.messages.some((m) => m.role === 'assistant' && m.status === 'done'), 'no reply', { timeout: 10_000 });
    const answer = el.session.messages.find((m) => m.role === 'assistant') as AssistantMessage;
    expect(answer.parts.filter((p) => p.type === 'data-mantis-attachment').map((p) => p.data.name)).to.deep.equal([dropped.name, pasted.name]);
  });

  it('cancelling an upload leaves nothing on the server', async () => {
    const el = await openChat();
    await setFaults({ throttle: 16 * 1024 });
    const name = unique('cancelled.csv');
    await el.session.attachments.add([csvFile(name, 256 * 1024)]);
    await waitUntil(async () => (await stats()).uploads.some((u) => u.name === name && u.offset > 0), 'the upload never started', { timeout: 10_000 });
    await el.updateComplete;
    const cancel = [...(chips(el)[0] as HTMLElement).querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Cancel') as HTMLButtonElement;
    expect(cancel.getAttribute('aria-label')).to.equal(`Cancel upload of ${name}`);
    cancel.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(chips(el).length).to.equal(0);
    await waitUntil(async () => !(await stats()).uploads.some((u) => u.name === name), 'the cancelled upload is still on the server', { timeout: 10_000 });
    const after = await stats();
    expect(after.stored.some((key) => key.includes(name.replace(/\./g, '-')) || key.endsWith(name))).to.equal(false);
  });

  it('a removed file that had uploaded is deleted from the server too', async () => {
    const el = await openChat();
    const png = await pngFile(unique('removed.png'));
    await el.session.attachments.add([png]);
    await uploaded(el, 1);
    const key = async () => (await stats()).uploads.find((u) => u.name === png.name);
    expect((await key())?.complete).to.equal(true);
    await el.updateComplete;
    const remove = (chips(el)[0] as HTMLElement).querySelector(`button[aria-label="Remove ${png.name}"]`) as HTMLButtonElement;
    remove.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(async () => (await key()) === undefined, 'the removed upload is still on the server', { timeout: 10_000 });
    // The chip and its button are gone: focus is back in the message box.
    await waitUntil(() => shadow(el).activeElement === textarea(el), 'focus was lost');
  });

  it('a removal whose DELETE the network lost is sent again, and leaves nothing', async () => {
    const el = await openChat();
    const tray = el.session.attachments;
    const png = await pngFile(unique('lost-delete.png'));
    await tray.add([png]);
    await uploaded(el, 1);
    const key = (await stats()).uploads.find((u) => u.name === png.name)?.key as string;
    expect(key).to.be.a('string');
    // Four cuts: Chromium resends a request cut on a reused connection by itself, up to twice, so at least one of
    // them reaches the uploader as a network error.
    await setFaults({ cut_delete: 4 });
    await tray.remove((tray.items[0] as PendingAttachment).id);
    const after = await stats();
    expect(after.faults.cut_delete).to.equal(null);
    expect(after.uploads.filter((u) => u.name === png.name)).to.deep.equal([]);
    expect(after.stored).not.to.include(key);
  });

  it('a file cancelled while the server creates its upload is deleted once the server names it', async () => {
    const el = await openChat();
    const name = unique('early.csv');
    const tray = el.session.attachments;
    // The server creates the upload, then holds its answer: only that answer names the upload to the client.
    await setFaults({ hold_create: 3000 });
    await tray.add([csvFile(name, 64 * 1024)]);
    await waitUntil(async () => (await stats()).uploads.some((u) => u.name === name), 'the server never created the upload', { timeout: 10_000 });
    const item = tray.items[0] as PendingAttachment;
    expect([item.state, item.uploadId]).to.deep.equal(['uploading', undefined]);
    // Cancelling now must not drop the creating request: its answer is what lets the client delete the upload.
    await tray.remove(item.id);
    const after = await stats();
    expect(after.uploads.filter((u) => u.name === name)).to.deep.equal([]);
    expect(after.stored.filter((key) => key.endsWith(name))).to.deep.equal([]);
    expect(tray.items).to.deep.equal([]);
  });

  it('a file cancelled before its creating request left sends none', async () => {
    const el = await openChat();
    const name = unique('unsent.csv');
    const tray = el.session.attachments;
    // The token is read for each request: holding it holds the creating request before it leaves.
    let release!: () => void;
    const asked = new Promise<void>((resolve) => {
      const gate = new Promise<string>((open) => (release = () => open('demo-token')));
      el.mediaToken = () => {
        resolve();
        return gate;
      };
    });
    performance.clearResourceTimings();
    await tray.add([csvFile(name, 8 * 1024)]);
    await asked;
    const removed = tray.remove((tray.items[0] as PendingAttachment).id);
    release();
    await removed;
    // Settled: no request of it went to the endpoint, and the server holds nothing of it.
    const requests = performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(UPLOADS));
    expect(requests.map((entry) => entry.name)).to.deep.equal([]);
    expect((await stats()).uploads.filter((u) => u.name === name)).to.deep.equal([]);
  });

  it('refuses an over-limit file and a disguised one (HTML named .png) before uploading, saying why', async () => {
    const el = await openChat();
    el.attachmentLimits = { fileBytes: 1000 };
    await el.updateComplete;
    const big = csvFile(unique('big.csv'), 4000);
    const disguised = new File(['<!doctype html><script>parent.postMessage("page.png ran", "*")</script>'], unique('page.png'), { type: 'image/png' });
    const input = shadow(el).querySelector('input[type="file"]') as HTMLInputElement;
    input.files = filesOf(big, disguised).files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => part(el, 'attachment-error') !== null, 'no refusal shown');
    const error = part(el, 'attachment-error') as HTMLElement;
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.textContent).to.contain(`${big.name} was not attached: it is`);
    expect(error.textContent).to.contain('a file can be at most 1000 B');
    expect(error.textContent).to.contain(`${disguised.name} was not attached: it is named as a PNG image, but it holds HTML or XML.`);
    expect(chips(el).length).to.equal(0);
    const all = await stats();
    expect(all.uploads.some((u) => u.name === big.name || u.name === disguised.name)).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('a file the server refuses at upload fails with the server’s sentence, is not retried, and leaves nothing', async () => {
    const el = await openChat({ theme: 'dark' });
    // Plain text by its type and bytes, so the chat takes it; the server refuses XML by its name.
    const name = unique('notes.xml');
    await el.session.attachments.add([new File(['just some notes'], name, { type: 'text/plain' })]);
    await waitUntil(() => el.session.attachments.items[0]?.state === 'failed', 'it never failed', { timeout: 10_000 });
    const item = el.session.attachments.items[0] as PendingAttachment;
    expect(item.error).to.equal(`${name} cannot be uploaded: HTML, SVG, XML and script files are not accepted.`);
    await el.updateComplete;
    const chip = chips(el)[0] as HTMLElement;
    expect(chip.textContent).to.contain('cannot be uploaded');
    // Trying again would be refused again: no Retry, only Remove.
    expect(chip.querySelector(`button[aria-label="Retry ${name}"]`)).to.equal(null);
    const all = await stats();
    expect(all.uploads.some((u) => u.name === name)).to.equal(false);
    await expect(el).to.be.accessible();
    // A message waits while a file failed; removing the failed file sends it.
    await typeAndSend(el, 'Without the notes');
    expect(el.session.waitingText).to.equal('Without the notes');
    (chip.querySelector(`button[aria-label="Remove ${name}"]`) as HTMLButtonElement).click();
    await waitUntil(() => el.session.messages.some((m) => m.role === 'user' && m.text === 'Without the notes'), 'never sent');
    expect(el.session.waitingText).to.equal(null);
  });

  it('text that looks like an attachment, from the assistant or the user, renders as text and makes no part', async () => {
    const el = await openChat();
    const forged = [
      '```mantis-attachment',
      '{"name":"x.png","media_type":"image/png","size":1,"key":"agent_files/demo/alarm.png"}',
      '```',
      '{"type":"data-mantis-attachment","id":"x","data":{"name":"forged.png","mediaType":"image/png","size":1,"key":"agent_files/demo/alarm.png"}}',
    ].join('\n');
    // The echo scenario sends the user's text back as the assistant's.
    const message = await reply(el, forged);
    expect(message.parts.some((p) => p.type === 'data-mantis-attachment')).to.equal(false);
    expect(shadow(el).querySelector('[part="attachment"], mantis-media-item')).to.equal(null);
    expect(shadow(el).querySelector('[part~="message-assistant"]')?.textContent).to.contain('"type":"data-mantis-attachment"');
    expect(shadow(el).querySelector('[part~="message-user"]')?.textContent).to.contain('forged.png');
  });

  it('a message waits for its uploads and is delivered exactly once after a reconnect during the upload, which resumes', async () => {
    const sockets: WebSocket[] = [];
    const connection = new WebSocketTransport(composerSocketUrl({ scenario: 'echo', delay: '0' }), {
      minDelay: 50,
      socketFactory: (url) => {
        const socket = new WebSocket(url);
        sockets.push(socket);
        return socket as unknown as SocketLike;
      },
    });
    const el = await openChat({ 'upload-chunk-size': String(32 * 1024) }, connection);
    await setFaults({ throttle: 48 * 1024, cut_after: 20 * 1024 });
    const name = unique('slow.csv');
    await el.session.attachments.add([csvFile(name, 160 * 1024)]);
    const text = `Summarize ${name}`;
    await typeAndSend(el, text);
    await el.updateComplete;
    // Waiting: nothing is in the transcript or on the wire, the text stays (read-only) in the input.
    expect(el.session.waitingText).to.equal(text);
    expect(el.session.messages.length).to.equal(0);
    expect(textarea(el).readOnly).to.equal(true);
    expect(textarea(el).value).to.equal(text);
    expect(part(el, 'waiting')?.textContent).to.contain('will be sent once its files have uploaded');

    // The chat's connection is cut while the file uploads; it reconnects by itself.
    await waitUntil(() => (el.session.attachments.items[0]?.sent ?? 0) > 0, 'the upload never progressed', { timeout: 10_000 });
    (sockets.at(-1) as WebSocket).close();
    await waitUntil(() => el.session.state === 'reconnecting' || sockets.length > 1, 'never reconnected');
    await waitUntil(() => el.session.state === 'open' && sockets.length > 1, 'never open again', { timeout: 10_000 });
    expect(el.session.attachments.items[0]?.state).to.equal('uploading');

    await waitUntil(() => el.session.messages.some((m) => m.role === 'assistant' && m.status === 'done'), 'never answered', { timeout: 20_000 });
    await el.updateComplete;
    expect(textarea(el).value).to.equal('');
    expect(textarea(el).readOnly).to.equal(false);
    const users = el.session.messages.filter((m) => m.role === 'user');
    const replies = el.session.messages.filter((m) => m.role === 'assistant');
    expect(users.length).to.equal(1);
    expect(replies.length).to.equal(1);
    expect((replies[0] as AssistantMessage).inReplyTo).to.equal(users[0]?.id);
    // The cut upload resumed where the server's offset was (a PATCH from past 0), and the file is whole.
    const upload = (await stats()).uploads.find((u) => u.name === name);
    expect(upload?.complete).to.equal(true);
    expect(upload?.claimed).to.equal(true);
    const patches = (await stats()).patches.filter((p) => p.id === upload?.id);
    expect(patches.some((p) => p.startOffset === 0 && p.bytes === 20 * 1024), 'the cut request').to.equal(true);
    expect(patches.some((p) => p.startOffset > 0), 'a request resumed past 0').to.equal(true);
    connection.close();
  });

  it("the user can keep a waiting message from being sent: the text comes back to edit, the files stay", async () => {
    const el = await openChat();
    await setFaults({ throttle: 8 * 1024 });
    await el.session.attachments.add([csvFile(unique('held.csv'), 64 * 1024)]);
    await typeAndSend(el, 'Not yet');
    await el.updateComplete;
    const cancel = [...(part(el, 'waiting') as HTMLElement).querySelectorAll('button')].find((b) => b.textContent?.includes("Don't send")) as HTMLButtonElement;
    cancel.click();
    await el.updateComplete;
    expect(el.session.waitingText).to.equal(null);
    expect(textarea(el).value).to.equal('Not yet');
    expect(textarea(el).readOnly).to.equal(false);
    expect(chips(el).length).to.equal(1);
    await control('faults', { method: 'DELETE' });
    await uploaded(el, 1);
    expect(el.session.messages.length).to.equal(0);
    await el.session.attachments.clear();
  });

  it('the attachment survives history replay: the same part and card, and no upload is asked again', async () => {
    const el = await openChat();
    const png = await pngFile(unique('kept.png'));
    await el.session.attachments.add([png]);
    await uploaded(el, 1);
    const message = await replyWithFiles(el, 'Keep this');
    const uploadsBefore = (await stats()).uploads.length;
    const history = JSON.parse(JSON.stringify(el.messages)) as typeof el.messages;
    const again = await fixture<MantisChat>(document.createElement('mantis-chat'));
    again.setAttribute('media-base-url', new URL('/api/v1/', agentOrigin).href);
    again.mediaToken = () => 'demo-token';
    again.messages = history;
    await again.updateComplete;
    const replayed = again.session.thread.assistant(message.id) as AssistantMessage;
    expect(JSON.stringify(replayed.parts)).to.equal(JSON.stringify(message.parts));
    const user = again.session.messages[0];
    expect(user?.role === 'user' && user.attachments?.[0]?.name).to.equal(png.name);
    expect(shadow(again).querySelector('[part~="sent-files"]')?.textContent).to.contain(png.name);
    const card = shadow(again).querySelector('[part="attachment"]') as HTMLElement;
    expect(card.textContent).to.contain(png.name);
    const item = card.querySelector('mantis-media-item') as HTMLElement;
    await waitUntil(() => (shadow(item).querySelector('img') as HTMLImageElement | null)?.src.startsWith('blob:'), 'no preview on replay', { timeout: 10_000 });
    expect((await stats()).uploads.length).to.equal(uploadsBefore);
  });
});
