import { expect } from '@open-wc/testing';
import {
  MAX_RENDER_REF_BYTES,
  agentUiEndpoints,
  defaultAgentUiBase,
  resolveRenderRef,
} from '../../../src/protocols/agent-ui/render-ref.js';
import { AgentUiStream, type AgentUiFetch } from '../../../src/protocols/agent-ui/stream.js';
import { agentOrigin } from '../../helpers/agent.js';

const endpoints = agentUiEndpoints(new URL('/api/v1/agent/chat', agentOrigin).href);
let sessions = 0;
const newSession = () => `ref-${Date.now().toString(36)}-${++sessions}`;

/** Streams the default scenario of a new session; resolves with the session and the render_ref its third envelope hands out. */
async function handOut(): Promise<{ sessionId: string; renderRef: string }> {
  const sessionId = newSession();
  const stream = new AgentUiStream({ url: `${endpoints.stream}?delay=0`, sessionId, minDelay: 5, maxDelay: 40 });
  let renderRef = '';
  const closed = new Promise<void>((resolve) =>
    stream.subscribe((event) => {
      const envelope = event.type === 'envelope' ? (event.event.envelope as { kind: string; params?: { render_ref?: string } }) : null;
      if (envelope?.kind === 'map_action') renderRef = envelope.params?.render_ref ?? '';
      if (event.type === 'state' && event.state === 'closed') resolve();
    }),
  );
  stream.connect();
  await closed;
  return { sessionId, renderRef };
}

function countingFetch(): { fetch: AgentUiFetch; urls: string[] } {
  const urls: string[] = [];
  return { urls, fetch: (input, init) => (urls.push(input), fetch(input, init)) };
}

const fakeBody = (body: BodyInit, init: ResponseInit = {}): AgentUiFetch => async () => new Response(body, init);

describe('resolveRenderRef', () => {
  it('resolves a render_ref the stream handed out to the same session: five junctions', async () => {
    const { sessionId, renderRef } = await handOut();
    const counter = countingFetch();
    const result = await resolveRenderRef({ url: endpoints.renderRef, renderRef, sessionId, fetch: counter.fetch });
    expect(result.ok, result.ok ? '' : result.message).to.equal(true);
    if (!result.ok) return;
    expect(result.value.type).to.equal('FeatureCollection');
    expect(result.value.features).to.have.length(5);
    expect(result.value.features.every((f) => f.geometry.type === 'Point')).to.equal(true);
    expect(counter.urls).to.deep.equal([`${endpoints.renderRef}${renderRef}?session_id=${encodeURIComponent(sessionId)}`]);
  });

  it('fails for another session (404) and for an unknown ref', async () => {
    const { renderRef } = await handOut();
    const other = await resolveRenderRef({ url: endpoints.renderRef, renderRef, sessionId: newSession() });
    expect(other.ok).to.equal(false);
    if (!other.ok) {
      expect(other.reason).to.equal('render-ref-failed');
      expect(other.message).to.include('not found');
    }
    const unknown = await resolveRenderRef({ url: endpoints.renderRef, renderRef: 'rr_unknown', sessionId: newSession() });
    expect(unknown).to.include({ ok: false, reason: 'render-ref-failed' });
  });

  it('refuses an invalid render_ref without a request', async () => {
    const counter = countingFetch();
    for (const renderRef of ['', '../ui-registry', 'a/b', 'x'.repeat(65), 'rr 1', 'rr%2F1', 'é']) {
      const result = await resolveRenderRef({ url: endpoints.renderRef, renderRef, sessionId: 's', fetch: counter.fetch });
      expect(result, renderRef).to.include({ ok: false, reason: 'render-ref-failed' });
    }
    expect(counter.urls).to.deep.equal([]);
  });

  it('refuses a payload that is not point junctions, not JSON, too long or not 2xx', async () => {
    const lines = JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[121.47, 31.23], [121.48, 31.24]] }, properties: {} }],
    });
    const huge = new ReadableStream<Uint8Array>({
      // An endless body: it must be cut at the cap.
      pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024).fill(0x20)),
    });
    const cases: Array<[string, AgentUiFetch, string]> = [
      ['LineString', fakeBody(lines), 'junction points'],
      ['not JSON', fakeBody('<html>oops</html>'), 'junction points'],
      ['endless', fakeBody(huge), `over ${MAX_RENDER_REF_BYTES} bytes`],
      ['declared too long', fakeBody('{}', { headers: { 'content-length': String(MAX_RENDER_REF_BYTES + 1) } }), `over ${MAX_RENDER_REF_BYTES} bytes`],
      ['500', fakeBody('{}', { status: 500 }), 'HTTP 500'],
      ['network', async () => Promise.reject(new TypeError('Failed to fetch')), 'could not be fetched'],
    ];
    for (const [name, fake, message] of cases) {
      const result = await resolveRenderRef({ url: 'https://agent.invalid/render-ref/', renderRef: 'rr_1', sessionId: 's', fetch: fake });
      expect(result, name).to.include({ ok: false, reason: 'render-ref-failed' });
      expect(result.ok ? '' : result.message, name).to.include(message);
    }
  });

  it('never follows a redirect', async () => {
    let redirect: string | undefined;
    const fake: AgentUiFetch = async (_input, init) => ((redirect = init.redirect), new Response('{}', { status: 500 }));
    await resolveRenderRef({ url: 'https://agent.invalid/render-ref/', renderRef: 'rr_1', sessionId: 's', fetch: fake });
    expect(redirect).to.equal('error');
  });
});

describe('agent-ui endpoints', () => {
  it('derives the endpoints from a base, with or without its trailing slash', () => {
    for (const base of ['https://h.example/api/v1/agent/chat/', 'https://h.example/api/v1/agent/chat']) {
      expect(agentUiEndpoints(base)).to.deep.equal({
        registry: 'https://h.example/api/v1/agent/chat/ui-registry',
        stream: 'https://h.example/api/v1/agent/chat/stream',
        renderRef: 'https://h.example/api/v1/agent/chat/render-ref/',
      });
    }
  });

  it('maps a Composer URL to the agent-ui base on the same host', () => {
    expect(defaultAgentUiBase('wss://h.example:8443/api/v1/composer/ws?x=1')).to.equal('https://h.example:8443/api/v1/agent/chat/');
    expect(defaultAgentUiBase('ws://localhost:3000/api/v1/composer/ws')).to.equal('http://localhost:3000/api/v1/agent/chat/');
    expect(defaultAgentUiBase('https://h.example/api/v1/composer/sse')).to.equal('https://h.example/api/v1/agent/chat/');
    expect(() => defaultAgentUiBase('ftp://h.example/')).to.throw();
  });
});
