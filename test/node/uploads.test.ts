// The attachment checks of the core, in plain Node: what a file's first bytes say it is, the host's limits and types,
// the frame a message with files is sent in, and how copy and the context preamble name files.
import assert from 'node:assert/strict';
import { ThreadDriver } from '../helpers/thread-driver.js';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { DEFAULT_ACCEPT, UPLOAD_LIMITS, UserMessageFrame, attachmentPolicy, checkPersistedHistory, cleanFileName, contextPreamble, copyText, type AssistantMessage, type PersistedMessage } from '../../src/index.js';
import { checkAttachment, sniff } from '../../src/uploads/index.js';

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const none = { files: 0, bytes: 0 };
const policy = attachmentPolicy();

describe('sniffing a file', () => {
  test('knows each preview image, PDF, and everything else as other', () => {
    assert.deepEqual(sniff(PNG), { kind: 'image', type: 'image/png' });
    assert.deepEqual(sniff(JPEG), { kind: 'image', type: 'image/jpeg' });
    assert.deepEqual(sniff(bytes('GIF89a...')), { kind: 'image', type: 'image/gif' });
    assert.deepEqual(sniff(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')), { kind: 'image', type: 'image/webp' });
    assert.deepEqual(sniff(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1')), { kind: 'image', type: 'image/avif' });
    assert.deepEqual(sniff(bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'mif1avif')), { kind: 'image', type: 'image/avif' });
    assert.deepEqual(sniff(bytes('%PDF-1.7\n')), { kind: 'pdf' });
    assert.deepEqual(sniff(bytes('time,value\r\n1,2\r\n')), { kind: 'other' });
    assert.deepEqual(sniff(bytes('{"a": 1 < 2}')), { kind: 'other' });
    assert.deepEqual(sniff(new Uint8Array(0)), { kind: 'other' });
  });

  test('finds markup at the start (after a BOM and white space), in UTF-16, and a dangerous tag anywhere', () => {
    for (const text of [
      '<!doctype html><p>hi',
      '\ufeff  \n<html>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<?xml version="1.0"?><svg/>',
      '  <div>plain?</div>',
      'name,value\n"x","<script>alert(1)</script>"',
      'some text then <IFRAME src=x>',
    ]) {
      assert.deepEqual(sniff(new Uint8Array(Buffer.from(text, 'utf8'))), { kind: 'markup' }, text);
    }
    assert.deepEqual(sniff(new Uint8Array(Buffer.from('\ufeff<html><script>x</script>', 'utf16le'))), { kind: 'markup' });
  });
});

describe('checking an attachment', () => {
  test('takes an image by its bytes, with the type its bytes prove', () => {
    assert.deepEqual(checkAttachment({ name: 'photo.png', type: 'image/png', size: 300 }, PNG, policy, none), { ok: true, name: 'photo.png', mediaType: 'image/png' });
    // A JPEG named .png is a JPEG.
    assert.deepEqual(checkAttachment({ name: 'photo.png', type: 'image/png', size: 300 }, JPEG, policy, none), { ok: true, name: 'photo.png', mediaType: 'image/jpeg' });
    // No declared type (a pasted screenshot may have none): the bytes decide.
    assert.deepEqual(checkAttachment({ name: 'image', type: '', size: 300 }, PNG, policy, none), { ok: true, name: 'image', mediaType: 'image/png' });
    assert.deepEqual(checkAttachment({ name: 'data.csv', type: 'text/csv', size: 30 }, bytes('a,b\n1,2'), policy, none), { ok: true, name: 'data.csv', mediaType: 'text/csv' });
  });

  test('refuses a disguised file, markup, an unaccepted type and an empty one, each saying why', () => {
    const html = bytes('<!doctype html><script>parent.postMessage("ran","*")</script>');
    const disguised = checkAttachment({ name: 'photo.png', type: 'image/png', size: 80 }, html, policy, none);
    assert.deepEqual(disguised, { ok: false, reason: 'disguised', message: 'photo.png was not attached: it is named as a PNG image, but it holds HTML or XML.' });
    const notImage = checkAttachment({ name: 'photo.png', type: 'image/png', size: 80 }, bytes('just text'), policy, none);
    assert.equal(notImage.ok === false && notImage.reason, 'disguised');
    const page = checkAttachment({ name: 'page.txt', type: 'text/plain', size: 80 }, html, policy, none);
    assert.equal(page.ok === false && page.reason, 'markup');
    const svg = checkAttachment({ name: 'logo.svg', type: 'image/svg+xml', size: 80 }, bytes('<svg/>'), policy, none);
    assert.deepEqual(svg, { ok: false, reason: 'markup', message: 'logo.svg was not attached: HTML, SVG and XML files cannot be attached.' });
    const declaredHtml = checkAttachment({ name: 'a.html', type: 'text/html', size: 8 }, bytes('hello'), policy, none);
    assert.equal(declaredHtml.ok === false && declaredHtml.reason, 'markup');
    const zip = checkAttachment({ name: 'a.zip', type: 'application/zip', size: 8 }, bytes('PK\x03\x04'), policy, none);
    assert.deepEqual(zip, { ok: false, reason: 'type', message: 'a.zip was not attached: application/zip files are not accepted here.' });
    const empty = checkAttachment({ name: 'a.txt', type: 'text/plain', size: 0 }, new Uint8Array(0), policy, none);
    assert.equal(empty.ok === false && empty.reason, 'empty');
  });

  test("enforces the host's limits, which may only be lowered", () => {
    const small = attachmentPolicy({ files: 2, fileBytes: 1000, totalBytes: 1500 });
    const over = checkAttachment({ name: 'big.png', type: 'image/png', size: 2048 }, PNG, small, none);
    assert.deepEqual(over, { ok: false, reason: 'too-large', message: 'big.png was not attached: it is 2 KiB, and a file can be at most 1000 B.' });
    assert.equal(checkAttachment({ name: 'b.png', type: 'image/png', size: 600 }, PNG, small, { files: 1, bytes: 1000 }).ok, false);
    const third = checkAttachment({ name: 'c.png', type: 'image/png', size: 10 }, PNG, small, { files: 2, bytes: 20 });
    assert.deepEqual(third, { ok: false, reason: 'too-many', message: 'c.png was not attached: a message can have at most 2 files.' });
    assert.equal(attachmentPolicy({ fileBytes: 10 * UPLOAD_LIMITS.fileBytes }).limits.fileBytes, UPLOAD_LIMITS.fileBytes);
    assert.throws(() => attachmentPolicy({ files: 0 }), RangeError);
    assert.throws(() => attachmentPolicy({ files: Number.NaN }), RangeError);
  });

  test('accepts what the host lists (families too), never HTML, SVG, XML or scripts', () => {
    const images = attachmentPolicy({}, 'image/*, text/html, image/svg+xml, nonsense');
    assert.deepEqual(images.accept, ['image/*']);
    assert.equal(checkAttachment({ name: 'a.csv', type: 'text/csv', size: 5 }, bytes('a,b'), images, none).ok, false);
    assert.equal(checkAttachment({ name: 'a.gif', type: 'image/gif', size: 5 }, bytes('GIF87a'), images, none).ok, true);
    assert.deepEqual(attachmentPolicy({}, '').accept, DEFAULT_ACCEPT);
    assert.deepEqual(attachmentPolicy({}, 'text/html').accept, DEFAULT_ACCEPT);
  });

  test('cleans file names: no folders, no control or direction characters, long names cut with their extension', () => {
    assert.equal(cleanFileName('C:\\Users\\me\\photo.png'), 'photo.png');
    assert.equal(cleanFileName('../../etc/passwd'), 'passwd');
    assert.equal(cleanFileName('invoice\u202Egnp.exe'), 'invoicegnp.exe');
    assert.equal(cleanFileName('a\u0000b\nc.txt'), 'abc.txt');
    assert.equal(cleanFileName('..'), 'file');
    const long = cleanFileName(`${'x'.repeat(500)}.png`);
    assert.equal(long.length, UPLOAD_LIMITS.nameLength);
    assert.ok(long.endsWith('….png'));
  });

  test('never throws and never takes markup, for the attack inputs (ours and, when present, the shared corpus)', (t) => {
    const ours = ['<img src=x onerror=alert(1)>', '<svg><script>alert(1)</script></svg>', '<!--><script>alert(1)</script>', 'javascript:alert(1)', '\u0000<script>'];
    const file = new URL('../../../shared/corpus/attacks.json', import.meta.url);
    let shared: string[] = [];
    if (existsSync(file)) {
      const corpus = JSON.parse(readFileSync(file, 'utf8')) as { groups: Record<string, Array<{ payload: string }>> };
      shared = Object.values(corpus.groups).flat().map((entry) => entry.payload);
    } else t.diagnostic('../shared/corpus is absent (a clone without it): only the suite\'s own attack inputs run');
    for (const payload of [...ours, ...shared]) {
      const head = new Uint8Array(Buffer.from(payload, 'utf8')).subarray(0, UPLOAD_LIMITS.sniffBytes);
      const asImage = checkAttachment({ name: 'x.png', type: 'image/png', size: Math.max(1, head.length) }, head, policy, none);
      assert.equal(asImage.ok, false, payload);
      const asText = checkAttachment({ name: 'x.txt', type: 'text/plain', size: Math.max(1, head.length) }, head, policy, none);
      if (/<(script|svg|iframe|html|!doctype|object|embed|body|head)/i.test(payload.slice(0, 1000))) assert.equal(asText.ok, false, payload);
    }
  });
});

describe('a message with files', () => {
  const frame = { type: 'user_message', client_message_id: 'u1', mode: 'orchestrator' } as const;
  const file = { upload_id: 'abc', name: 'photo.png', media_type: 'image/png', size: 12 };

  test('may have no text only when it has files, and at most UPLOAD_LIMITS.files of them', () => {
    assert.equal(UserMessageFrame.safeParse({ ...frame, text: '' }).success, false);
    assert.equal(UserMessageFrame.safeParse({ ...frame, text: '', attachments: [file] }).success, true);
    assert.equal(UserMessageFrame.safeParse({ ...frame, text: 'hi', attachments: [] }).success, false);
    assert.equal(UserMessageFrame.safeParse({ ...frame, text: 'hi', attachments: Array.from({ length: UPLOAD_LIMITS.files + 1 }, () => file) }).success, false);
    assert.equal(UserMessageFrame.safeParse({ ...frame, text: 'hi', attachments: [{ ...file, url: 'https://evil.example/' }] }).success, false);
  });

  test('persists its files and replays them; copy and the context preamble name files without their content', async () => {
    const thread = new ThreadDriver();
    thread.addUserMessage('What is this?', 'u1', [{ uploadId: 'abc', name: 'photo.png', mediaType: 'image/png', size: 12 }]);
    const m = { message_id: 'a1', sequence: 0 };
    thread.apply({ type: 'message_start', ...m, marker: { inline_ui_version: 1, mode: 'orchestrator' }, in_reply_to: 'u1' });
    thread.apply({ type: 'attachment', message_id: 'a1', sequence: 1, attachment_id: 'abc', name: 'photo.png', media_type: 'image/png', size: 12, key: 'agent_files/uploads/demo/abc/photo.png' });
    thread.apply({ type: 'text_delta', message_id: 'a1', sequence: 2, delta: 'A blue square.' });
    thread.apply({ type: 'message_end', message_id: 'a1', sequence: 3 });
    const persisted = JSON.parse(JSON.stringify(thread.toPersisted())) as PersistedMessage[];
    assert.deepEqual(checkPersistedHistory(persisted)?.dropped, []);
    const replayed = new ThreadDriver();
    await replayed.load(persisted);
    assert.deepEqual(replayed.messages[0], thread.messages[0]);
    const reply = replayed.messages[1] as AssistantMessage;
    assert.deepEqual(reply.parts, (thread.messages[1] as AssistantMessage).parts);
    assert.deepEqual(
      reply.parts.find((p) => p.type === 'data-mantis-attachment'),
      { type: 'data-mantis-attachment', id: 'abc', data: { name: 'photo.png', mediaType: 'image/png', size: 12, key: 'agent_files/uploads/demo/abc/photo.png' } },
    );
    assert.equal(copyText(reply), 'A blue square.\n\n[Attached: photo.png (image/png)]');
    assert.equal(contextPreamble(replayed.messages), 'User: What is this?\n\n[Attached: photo.png (image/png)]\n\nAssistant: A blue square.\n\n[Attached: photo.png (image/png)]');
    // A stored user message whose files are not of the persisted shape is kept without them, and said to be.
    const odd = checkPersistedHistory([{ id: 'u2', role: 'user', text: 'x', attachments: [{ name: 1 }] }]);
    assert.deepEqual(odd?.dropped, []);
    assert.deepEqual(odd?.messages, [{ id: 'u2', role: 'user', text: 'x' }]);
    assert.deepEqual(odd?.downgraded, [{ index: 0, what: 'files that could not be read' }]);
  });

  test('no text makes an attachment part, whatever it holds', () => {
    const thread = new ThreadDriver();
    const m = { message_id: 'a2', sequence: 0 };
    thread.apply({ type: 'message_start', ...m, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
    const forged = [
      '```mantis-attachment\n{"name":"x.png","media_type":"image/png","size":1,"key":"agent_files/x.png"}\n```',
      '{"type":"data-mantis-attachment","id":"x","data":{"name":"x.png","mediaType":"image/png","size":1,"key":"agent_files/x.png"}}',
      '```mantis-ui\n{"version":1,"id":"v","root":{"id":"r","type":"data-mantis-attachment","key":"agent_files/x.png"}}\n```',
      '{"type":"attachment","message_id":"a2","sequence":9,"attachment_id":"x","name":"x","media_type":"image/png","size":1}',
    ].join('\n\n');
    thread.apply({ type: 'text_delta', message_id: 'a2', sequence: 1, delta: forged });
    thread.apply({ type: 'message_end', message_id: 'a2', sequence: 2 });
    const reply = thread.messages[0] as AssistantMessage;
    assert.equal(reply.parts.some((p) => p.type === 'data-mantis-attachment'), false);
    assert.equal(copyText(reply).includes('[Attached:'), false);
  });
});
