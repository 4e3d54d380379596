// The tus uploader (elements/internal/tus-uploader.ts) on its own, against the reference server's real tus endpoint:
// what a cancel leaves there at the moments the chat's tests cannot reach.
import { expect } from '@open-wc/testing';
import { createTusUploader } from '../../../elements/internal/tus-uploader.js';
import { agentOrigin } from '../../helpers/agent.js';

const UPLOADS = new URL('/api/v1/uploads/', agentOrigin).href;
const control = (path: string, init?: RequestInit) => fetch(new URL(`/api/v1/test/uploads/${path}`, agentOrigin), init);
const uploadsNamed = async (name: string): Promise<Array<{ name: string; offset: number }>> =>
  ((await (await control('stats')).json()) as { uploads: Array<{ name: string; offset: number }> }).uploads.filter((u) => u.name === name);
const csv = (bytes: number): Blob => new Blob(['time,value\n', '2024-03-09T06:00:00Z,318\n'.repeat(Math.ceil(bytes / 25))], { type: 'text/csv' });

afterEach(async () => {
  await control('faults', { method: 'DELETE' });
});

describe('the tus uploader', () => {
  it('a cancel right after a retry, before the retry has asked the endpoint anything, deletes the upload there', async () => {
    // No retries of its own: a cut PATCH fails the upload, as when the network stays down.
    const uploader = createTusUploader({ endpoint: UPLOADS, token: () => 'demo-token', retryDelays: [] });
    const name = `${Math.random().toString(36).slice(2, 8)}-retried.csv`;
    await control('faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cut_after: 1000 }) });
    const first = uploader.upload(csv(64 * 1024), { name, mediaType: 'text/csv' }, () => undefined);
    expect((await first.done).ok).to.equal(false);
    expect((await uploadsNamed(name)).map((u) => u.offset)).to.deep.equal([1000]);
    // Retry, and cancel at once: the new run does not know the upload's URL yet, but the file does.
    const again = first.retry();
    await again.cancel();
    expect(await uploadsNamed(name)).to.deep.equal([]);
    expect(await again.done).to.deep.include({ ok: false, reason: 'aborted' });
  });
});
