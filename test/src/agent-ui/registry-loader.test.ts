import { expect, waitUntil } from '@open-wc/testing';
import { RegistryLoader } from '../../../src/protocols/agent-ui/registry-loader.js';
import type { ServerRegistryInfo } from '../../../src/protocols/agent-ui/registry.js';
import { agentUiEndpoints } from '../../../src/protocols/agent-ui/render-ref.js';
import type { AgentUiFetch } from '../../../src/protocols/agent-ui/stream.js';
import { agentOrigin } from '../../helpers/agent.js';

const url = agentUiEndpoints(new URL('/api/v1/agent/chat/', agentOrigin).href).registry;

/** The real fetch, counted; the first `failures` requests fail (a network error, then a 503, then a non-registry). */
function faultyFetch(failures = 0): { fetch: AgentUiFetch; calls: Array<Parameters<AgentUiFetch>[1]> } {
  const calls: Array<Parameters<AgentUiFetch>[1]> = [];
  const faults: AgentUiFetch[] = [
    async () => Promise.reject(new TypeError('Failed to fetch')),
    async () => new Response('{"error":"busy"}', { status: 503 }),
    async () => new Response('{"schemaVersion":"agent-ui@0"}'),
  ];
  return {
    calls,
    fetch: (input, init) => {
      calls.push(init);
      return calls.length <= failures ? faults[(calls.length - 1) % faults.length]!(input, init) : fetch(input, init);
    },
  };
}

const expectReferenceRegistry = (info: ServerRegistryInfo | null) => {
  expect(info?.components.map((c) => c.name)).to.deep.equal(['HistoryPanel', 'ScadaPanel']);
  expect(info?.mapActions.map((a) => a.name)).to.deep.equal(['locate_features', 'zoom_to_map', 'render_junctions', 'apply_layer_style']);
  expect(info?.chart?.grammar).to.equal('echarts-safe-subset');
};

describe('RegistryLoader', () => {
  it("loads the server's registry", async () => {
    const counter = faultyFetch();
    const loader = new RegistryLoader({ url, fetch: counter.fetch });
    expect(loader.current()).to.equal(null);
    const result = await loader.load();
    expect(result.ok, result.ok ? '' : result.message).to.equal(true);
    expectReferenceRegistry(result.ok ? result.value : null);
    expectReferenceRegistry(loader.current());
    expect(counter.calls[0]).to.include({ method: 'GET', redirect: 'error', credentials: 'same-origin' });
    loader.dispose();
  });

  it('stops refetching while nobody is subscribed, and fetches afresh at the next load', async () => {
    const counter = faultyFetch(1);
    const loader = new RegistryLoader({ url, fetch: counter.fetch, minDelay: 5, maxDelay: 5 });
    expect((await loader.load()).ok).to.equal(false);
    // The backoff timer fires with no subscriber: no request.
    await new Promise((done) => setTimeout(done, 60));
    expect(counter.calls).to.have.length(1);
    const again = await loader.load();
    expect(again.ok).to.equal(true);
    expect(counter.calls).to.have.length(2);
    loader.dispose();
  });

  it('shares one request and caches its result', async () => {
    const counter = faultyFetch();
    const loader = new RegistryLoader({ url, fetch: counter.fetch });
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    const c = await loader.load();
    expect(a.ok && b.ok && c.ok).to.equal(true);
    expect(a === b && b === c).to.equal(true);
    expect(counter.calls).to.have.length(1);
    loader.dispose();
  });

  it('resolves a failure, then refetches with backoff until it loads, and tells subscribers', async () => {
    const counter = faultyFetch(3);
    const loader = new RegistryLoader({ url, fetch: counter.fetch, minDelay: 5, maxDelay: 20 });
    const heard: ServerRegistryInfo[] = [];
    loader.subscribe((info) => heard.push(info));
    const first = await loader.load();
    expect(first).to.include({ ok: false, reason: 'registry-unavailable' });
    expect(loader.current()).to.equal(null);
    await waitUntil(() => heard.length > 0, 'the registry was not refetched');
    expect(counter.calls).to.have.length(4);
    expectReferenceRegistry(heard[0]!);
    expectReferenceRegistry(loader.current());
    const later = await loader.load();
    expect(later.ok).to.equal(true);
    expect(counter.calls).to.have.length(4);
    expect(heard).to.have.length(1);
    loader.dispose();
  });

  it('counts the failed reads in a row and tells the listeners of failures each time; a success counts from zero again', async () => {
    const counter = faultyFetch(3);
    const loader = new RegistryLoader({ url, fetch: counter.fetch, minDelay: 5, maxDelay: 20 });
    const failures: number[] = [];
    const loaded: ServerRegistryInfo[] = [];
    loader.subscribe((info) => loaded.push(info), (count) => failures.push(count));
    expect((await loader.load()).ok).to.equal(false);
    await waitUntil(() => loaded.length > 0, 'the registry was not refetched');
    expect(failures).to.deep.equal([1, 2, 3]);
    expect(loader.failures).to.equal(0);
    loader.dispose();
  });

  it('stops refetching once disposed', async () => {
    const counter = faultyFetch(Number.POSITIVE_INFINITY);
    const loader = new RegistryLoader({ url, fetch: counter.fetch, minDelay: 5, maxDelay: 5 });
    expect((await loader.load()).ok).to.equal(false);
    loader.dispose();
    const calls = counter.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(counter.calls).to.have.length(calls);
  });

  it('refuses a registry over its byte cap', async () => {
    const huge = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024).fill(0x20)) });
    const loader = new RegistryLoader({ url, fetch: async () => new Response(huge), minDelay: 60_000 });
    expect(await loader.load()).to.include({ ok: false, reason: 'registry-unavailable' });
    loader.dispose();
  });
});
