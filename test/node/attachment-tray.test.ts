// The attachment tray and the message that waits for its files, DOM-free, against the real reference server over a
// real WebSocket. The uploader is scripted: the tests decide when each upload ends, which no real endpoint does on
// demand (the browser tests upload to the real endpoint).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { useAgentServer } from './agent.js';
import { ChatSession, attachmentPolicy, type AssistantMessage, type SessionEvent, type SocketLike, type UploadHandle, type UploadOutcome, type Uploader } from '../../src/index.js';
import { WebSocketTransport } from '../../src/protocols/composer/transports.js';

const agent = useAgentServer();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });
const page = (name: string) => new File(['<!doctype html><script>alert(1)</script>'], name, { type: 'image/png' });

/** An uploader whose uploads end when the test says so. */
class ScriptedUploader implements Uploader {
  readonly started: string[] = [];
  readonly cancelled: string[] = [];
  readonly retried: string[] = [];
  readonly #ends = new Map<string, (outcome: UploadOutcome) => void>();

  upload(file: Blob, meta: { name: string }): UploadHandle {
    this.started.push(meta.name);
    return this.#handle(meta.name);
  }

  #handle(name: string): UploadHandle {
    const done = new Promise<UploadOutcome>((resolve) => this.#ends.set(name, resolve));
    return {
      done,
      cancel: async () => {
        this.cancelled.push(name);
        this.#ends.get(name)?.({ ok: false, reason: 'aborted', message: 'Cancelled.' });
      },
      resume: () => undefined,
      retry: () => {
        this.retried.push(name);
        return this.#handle(name);
      },
    };
  }

  finish(name: string, outcome: UploadOutcome = { ok: true, uploadId: `id-${name}` }): void {
    this.#ends.get(name)?.(outcome);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function openSession(): Promise<{ session: ChatSession; uploader: ScriptedUploader; events: SessionEvent[] }> {
  const transport = agent.track(new WebSocketTransport(agent.socketUrl('&scenario=echo'), { socketFactory: (url) => new WebSocket(url) as unknown as SocketLike }));
  const session = new ChatSession({ transport });
  const uploader = new ScriptedUploader();
  session.attachments.uploader = uploader;
  const events: SessionEvent[] = [];
  session.subscribe((event) => events.push(event));
  // Open before the test goes on: the connection opening resumes the tray's failed uploads, which a test that fails
  // an upload on purpose must not race with.
  const open = new Promise<void>((resolve) => {
    const off = session.subscribe((event) => {
      if (event.type !== 'state' || event.state !== 'open') return;
      off();
      resolve();
    });
  });
  session.connect();
  await open;
  return { session, uploader, events };
}

function reply(session: ChatSession): Promise<AssistantMessage> {
  return new Promise((resolve) => {
    const off = session.subscribe((event) => {
      if (event.type !== 'message-complete') return;
      off();
      resolve(event.message);
    });
  });
}

describe('the attachment tray', () => {
  test('two adds at once count each file once against the limits', async () => {
    const { session } = await openSession();
    session.attachments.policy = attachmentPolicy({ files: 2 });
    const [a, b] = await Promise.all([session.attachments.add([png('a.png')]), session.attachments.add([png('b.png')])]);
    assert.deepEqual([a, b], [[], []]);
    const third = await session.attachments.add([png('c.png')]);
    assert.equal(third[0]?.reason, 'too-many');
    assert.deepEqual(session.attachments.items.map((i) => i.name), ['a.png', 'b.png']);
    session.disconnect();
  });

  test('a file removed while it is checked never uploads', async () => {
    const { session, uploader } = await openSession();
    const adding = session.attachments.add([png('gone.png')]);
    const id = session.attachments.items[0]?.id as string;
    await session.attachments.remove(id);
    await adding;
    assert.deepEqual(uploader.started, []);
    assert.equal(session.attachments.items.length, 0);
    session.disconnect();
  });

  test('a file removed by a listener the moment it turns to uploading (or to uploading again) starts no upload', async () => {
    const { session, uploader } = await openSession();
    const tray = session.attachments;
    /** Removes the file named `name` from within the change that shows it uploading. */
    const removeWhenUploading = (name: string): Promise<void> =>
      new Promise((resolve) => {
        const off = tray.subscribe(() => {
          const item = tray.items.find((i) => i.name === name);
          if (item?.state !== 'uploading') return;
          off();
          void tray.remove(item.id).then(resolve);
        });
      });
    const removed = removeWhenUploading('early.png');
    await tray.add([png('early.png')]);
    await removed;
    assert.deepEqual(uploader.started, []);
    // The same for a retry: the failed upload is cancelled (deleted on the endpoint), no new one runs.
    await tray.add([png('again.png')]);
    uploader.finish('again.png', { ok: false, reason: 'network', message: 'The network failed.' });
    await settle();
    const again = removeWhenUploading('again.png');
    tray.retry(tray.items[0]?.id as string);
    await again;
    assert.deepEqual(uploader.retried, []);
    assert.deepEqual(uploader.cancelled, ['again.png']);
    assert.deepEqual(tray.items, []);
    session.disconnect();
  });

  test('removing an uploaded file cancels its upload, which deletes it on the endpoint', async () => {
    const { session, uploader } = await openSession();
    await session.attachments.add([png('kept.png')]);
    uploader.finish('kept.png');
    await settle();
    assert.equal(session.attachments.items[0]?.state, 'uploaded');
    await session.attachments.remove(session.attachments.items[0]?.id as string);
    assert.deepEqual(uploader.cancelled, ['kept.png']);
    session.disconnect();
  });

  test('after a network failure, resume() tries again; a refusal is not retried', async () => {
    const { session, uploader } = await openSession();
    await session.attachments.add([png('net.png'), png('refused.png')]);
    uploader.finish('net.png', { ok: false, reason: 'network', message: 'The network failed.' });
    uploader.finish('refused.png', { ok: false, reason: 'refused', message: 'No.' });
    await settle();
    assert.deepEqual(session.attachments.items.map((i) => [i.state, i.failure]), [['failed', 'network'], ['failed', 'refused']]);
    session.attachments.resume();
    assert.deepEqual(uploader.retried, ['net.png']);
    assert.equal(session.attachments.items[0]?.state, 'uploading');
    session.disconnect();
  });
});

describe('a message that waits for its files', () => {
  test('is sent once its files have uploaded, with those files only, under the mode it was sent in', async () => {
    const { session, uploader } = await openSession();
    await session.attachments.add([png('first.png')]);
    const sent = session.sendWithAttachments('With the first');
    assert.deepEqual(sent, { ok: true, waiting: true });
    assert.equal(session.waitingText, 'With the first');
    assert.equal(session.messages.length, 0);
    // Changed after Send, and a file attached meanwhile: neither belongs to the waiting message.
    session.mode = 'ask';
    await session.attachments.add([png('later.png')]);
    // Another send while it waits is refused; a text-only send (a suggestion, a host) goes alone, files stay.
    assert.equal(session.sendWithAttachments('again').ok, false);
    const answered = reply(session);
    uploader.finish('first.png');
    await settle();
    assert.equal(session.waitingText, null);
    const user = session.messages[0];
    assert.equal(user?.role === 'user' && user.attachments?.map((f) => f.name).join(), 'first.png');
    assert.equal((await answered).marker.mode, 'orchestrator');
    assert.deepEqual(session.attachments.items.map((i) => i.name), ['later.png']);
    session.disconnect();
  });

  test('a file its checks refuse after Send stops the wait: nothing is sent, the other files stay', async () => {
    const { session, uploader, events } = await openSession();
    const adding = session.attachments.add([png('fine.png'), page('photo.png')]);
    assert.deepEqual(session.sendWithAttachments('Both'), { ok: true, waiting: true });
    await adding;
    uploader.finish('fine.png');
    await settle();
    assert.equal(session.waitingText, null);
    assert.equal(session.messages.length, 0);
    const end = events.findLast((e) => e.type === 'waiting');
    assert.deepEqual(end, { type: 'waiting', text: null, end: { sent: false, reason: 'A file of this message was not attached (see why above): it was not sent.' } });
    assert.deepEqual(session.attachments.items.map((i) => i.name), ['fine.png']);
    session.disconnect();
  });

  test('a failed file keeps it waiting until the user removes it; then it goes without it', async () => {
    const { session, uploader } = await openSession();
    await session.attachments.add([png('ok.png'), png('bad.png')]);
    session.sendWithAttachments('Whatever uploads');
    uploader.finish('ok.png');
    uploader.finish('bad.png', { ok: false, reason: 'server', message: 'HTTP 500' });
    await settle();
    assert.equal(session.waitingText, 'Whatever uploads');
    await session.attachments.remove(session.attachments.items.find((i) => i.name === 'bad.png')?.id as string);
    const user = session.messages[0];
    assert.equal(user?.role === 'user' && user.attachments?.map((f) => f.name).join(), 'ok.png');
    session.disconnect();
  });

  test('the user may stop it: the text comes back, the files stay; a send of text only never takes them', async () => {
    const { session } = await openSession();
    await session.attachments.add([png('stay.png')]);
    session.sendWithAttachments('Hold on');
    assert.equal(session.cancelWaiting(), 'Hold on');
    assert.equal(session.waitingText, null);
    const plain = session.send('Just text');
    assert.equal(plain.ok && 'message' in plain && plain.message.attachments, undefined);
    assert.deepEqual(session.attachments.items.map((i) => i.name), ['stay.png']);
    session.disconnect();
  });
});
