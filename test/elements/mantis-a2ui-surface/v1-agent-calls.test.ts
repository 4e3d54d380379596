// A standalone <mantis-a2ui-surface> calling an agent's function (issue 31, item 3; a2ui_protocol.md
// "callAgentFunction"): a function its v1.0 catalog declares and the renderer lacks is the agent's. The element fires
// `mantis-a2ui-function-call` with each callAgentFunction for the page to send; until the agentFunctionResponse the page
// appends to `messages`, a Text bound to it is empty and a Button checked with it stays disabled. An action calls it
// on every click; an error answer is said in the surface's place.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { A2uiFunctionCallDetail } from '../../../elements/events.js';
import type { MantisA2uiSurface } from '../../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import { V1_BASIC_CATALOG } from '../../../src/protocols/a2ui/v1/index.js';
import { $, collect, errorsOf, textOf } from './fixtures.js';

/** The v1.0 basic catalog, and the agent's verifyProvider (declared by name: its calls are checked by name only). */
const CATALOG = { ...V1_BASIC_CATALOG, catalogId: 'https://example.com/provider-v1.json', functions: new Set([...V1_BASIC_CATALOG.functions, 'verifyProvider']) };
const verify = (extra: Record<string, unknown> = {}) => ({ call: 'verifyProvider', args: { providerId: { path: '/id' }, ...extra } });

const SURFACE = {
  version: 'v1.0',
  createSurface: {
    surfaceId: 'provider',
    catalogId: CATALOG.catalogId,
    dataModel: { id: 'PRV-102' },
    components: [
      { id: 'root', component: 'Column', children: ['name', 'submit', 'again'] },
      { id: 'name', component: 'Text', text: verify({ show: 'name' }) },
      { id: 'submit-label', component: 'Text', text: 'Use it' },
      { id: 'submit', component: 'Button', child: 'submit-label', checks: [{ condition: verify(), message: 'Not verified.' }], action: { event: { name: 'use' } } },
      { id: 'again-label', component: 'Text', text: 'Verify again' },
      { id: 'again', component: 'Button', child: 'again-label', action: { functionCall: verify({ again: true }) } },
    ],
  },
};

/** The surface's button that says `label`. */
const button = (el: Element, label: string) => [...(el.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes(label));

const answer = (call: A2uiFunctionCallDetail, outcome: Record<string, unknown>) => ({
  version: 'v1.0',
  agentFunctionResponse: { functionCallId: call.message.callAgentFunction.functionCallId, ...outcome },
});

describe('<mantis-a2ui-surface> calling an agent’s function', () => {
  it('fires each call for the page to send, waits for its answer, and draws the value once it came', async () => {
    const el = document.createElement('mantis-a2ui-surface') as MantisA2uiSurface;
    const calls = collect<A2uiFunctionCallDetail>(el, 'mantis-a2ui-function-call');
    const errors = errorsOf(el);
    el.catalogs = [CATALOG] as unknown as MantisA2uiSurface['catalogs'];
    el.messages = [SURFACE];
    document.body.append(el);
    try {
      await waitUntil(() => calls.length === 2, 'a call for the Text and one for the check');
      const submit = () => button(el, 'Use it');
      expect(submit()?.disabled, 'the check does not pass while the agent has not answered').to.equal(true);
      expect(textOf(el)).not.to.contain('Acme');
      const byArgs = (show: boolean) => calls.find((c) => ('show' in c.message.callAgentFunction.callFunction.args) === show) as A2uiFunctionCallDetail;
      expect(byArgs(true).message.callAgentFunction.callFunction).to.deep.equal({ call: 'verifyProvider', args: { providerId: 'PRV-102', show: 'name' } });
      expect(byArgs(true).message.callAgentFunction.surfaceId).to.equal('provider');

      el.messages = [...el.messages, answer(byArgs(true), { value: 'Acme Provider' }), answer(byArgs(false), { value: { valid: true } })];
      await waitUntil(() => textOf(el).includes('Acme Provider') && submit()?.disabled === false, 'the values drawn');
      expect(calls.length, 'an answered call is not sent again').to.equal(2);

      // An action calls on every click; an error answer is said in the surface's place.
      const again = button(el, 'Verify again') as HTMLButtonElement;
      again.click();
      const clicked = await oneEvent(el, 'mantis-a2ui-function-call');
      again.click();
      await waitUntil(() => calls.length === 4, 'a second click, a second call');
      expect(clicked.detail.message.callAgentFunction.callFunction.args).to.deep.equal({ providerId: 'PRV-102', again: true });
      el.messages = [...el.messages, answer(clicked.detail, { error: { code: 'PROVIDER_NOT_FOUND', message: 'Provider ID PRV-102 was withdrawn.' } })];
      await waitUntil(() => $(el, '[part="note"]') !== null, 'a notice in the surface’s place');
      expect($(el, '[part="note"]')?.textContent).to.equal("The agent's verifyProvider failed: Provider ID PRV-102 was withdrawn.");
      expect($(el, '[part="note"]')?.getAttribute('role')).to.equal('status');
      expect(errors, 'nothing the agent sent was wrong').to.deep.equal([]);
      // The second click's call too: nothing is left waiting after the test.
      el.messages = [...el.messages, answer(calls[3] as A2uiFunctionCallDetail, { value: { valid: true } })];
      await waitUntil(() => $(el, '[part="note"]') === null, 'an answered action clears the notice');
    } finally {
      el.remove();
    }
  });
});

describe('<mantis-a2ui-surface> with a v1.0 catalog document', () => {
  it('reads the demo’s provider catalog (JSON) and calls its agent function, a check on it keeping Submit disabled till the answer', async () => {
    const catalog = (await (await fetch('/demo/catalogs/provider-v1.json')).json()) as Record<string, unknown>;
    const el = document.createElement('mantis-a2ui-surface') as MantisA2uiSurface;
    const calls = collect<A2uiFunctionCallDetail>(el, 'mantis-a2ui-function-call');
    const errors = errorsOf(el);
    el.catalogs = [catalog] as unknown as MantisA2uiSurface['catalogs'];
    const verifyProvider = { call: 'verifyProvider', args: { providerId: { path: '/providerId' } } };
    el.messages = [{
      version: 'v1.0',
      createSurface: {
        surfaceId: 'provider',
        catalogId: catalog['catalogId'],
        dataModel: { providerId: 'PRV-7' },
        components: [
          { id: 'root', component: 'Column', children: ['field', 'use'] },
          { id: 'field', component: 'TextField', label: 'Provider ID', value: { path: '/providerId' } },
          { id: 'use-label', component: 'Text', text: 'Use this provider' },
          { id: 'use', component: 'Button', child: 'use-label', checks: [{ condition: verifyProvider, message: 'Verify it first.' }], action: { event: { name: 'use' } } },
        ],
      },
    }];
    document.body.append(el);
    try {
      await waitUntil(() => calls.length === 1, 'the check calls the agent');
      expect(calls[0]?.message.callAgentFunction.callFunction).to.deep.equal({ call: 'verifyProvider', args: { providerId: 'PRV-7' } });
      expect(button(el, 'Use this provider')?.disabled).to.equal(true);
      el.messages = [...el.messages, answer(calls[0] as A2uiFunctionCallDetail, { value: { valid: true, name: 'Provider 7' } })];
      await waitUntil(() => button(el, 'Use this provider')?.disabled === false, 'the answer lets the check pass');
      expect(errors).to.deep.equal([]);
    } finally {
      el.remove();
    }
  });
});
