import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../elements/agent-envelope/agent-envelope.js';
import type { AgentEnvelope } from '../../../elements/agent-envelope/agent-envelope.js';
import type { MapAdapter } from '../../../src/protocols/agent-ui/types.js';
import { agentOrigin } from '../../helpers/agent.js';

/*
 * The registry and render_ref requests carry the headers the page gives (`agentUiHeaders`), read per request: an
 * agent-ui backend that authenticates with a bearer header gets it.
 */

const base = `${agentOrigin}/api/v1/agent/chat/`;

/** Streams the default scenario once and returns its render_junctions envelope and session. */
async function junctionsEnvelope(): Promise<{ envelope: unknown; session: string }> {
  const session = `headers-${Math.random().toString(36).slice(2)}`;
  const text = await (await fetch(`${base}stream?session_id=${session}&delay=0`)).text();
  const events = text.split('\n\n').filter((frame) => frame.includes('event: ui_envelope'));
  const data = JSON.parse(events[2]!.split('data: ')[1]!) as { envelope: { kind: string } };
  return { envelope: data.envelope, session };
}

describe('<agent-envelope> request headers', () => {
  const seen: Array<{ url: string; authorization: string | null }> = [];
  const realFetch = window.fetch;
  beforeEach(() => {
    seen.length = 0;
    window.fetch = (input, init) => {
      seen.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return realFetch.call(window, input, init);
    };
  });
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('sends them with the registry request and the render_ref request', async () => {
    const { envelope, session } = await junctionsEnvelope();
    seen.length = 0;
    const calls: string[] = [];
    const adapter: MapAdapter = {
      renderJunctions: ({ junctions }) => void calls.push(`junctions:${junctions.features.length}`),
      locateFeatures: () => undefined,
      zoomToMap: () => undefined,
      applyLayerStyle: () => undefined,
    };
    let reads = 0;
    const el = await fixture<AgentEnvelope>(html`<agent-envelope
      agent-ui-url=${base}
      session-id=${session}
      envelope-id="env-h"
      .registryScope=${{}}
      .agentUiHeaders=${() => ({ authorization: `Bearer token-${++reads}` })}
      .mapAdapter=${adapter}
      .envelope=${envelope}
    ></agent-envelope>`);
    const status = await oneEvent(el, 'mantis-envelope-status');
    expect(status.detail.status).to.equal('rendered');
    expect(calls).to.deep.equal(['junctions:5']);
    const registry = seen.find((r) => r.url.endsWith('/ui-registry'));
    const ref = seen.find((r) => r.url.includes('/render-ref/'));
    expect(registry?.authorization).to.match(/^Bearer token-\d$/);
    expect(ref?.authorization).to.match(/^Bearer token-\d$/);
    // Read for each request, not once.
    expect(registry?.authorization).to.not.equal(ref?.authorization);
  });
});
