// The agent's answers to a surface's calls are a new input path (issue 31, item 3): every attack input as the value a
// Text shows and as the message of an error answer the surface's notice says. No script runs, no request leaves, no
// element or attribute appears that the templates do not make, every value is drawn (through the Text's restricted
// Markdown) and the error's message reads as the agent sent it.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { A2uiFunctionCallDetail } from '../../../elements/events.js';
import type { MantisA2uiSurface } from '../../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import { A2UI_LIMITS } from '../../../src/protocols/a2ui/limits.js';
import { V1_BASIC_CATALOG } from '../../../src/protocols/a2ui/v1/index.js';
import { OWN_ATTACKS, sharedCorpusOrSkip } from '../../helpers/corpus.js';
import { assertNoActiveContent, watchSinks } from '../../helpers/sinks.js';
import { $, collect, textOf } from './fixtures.js';

const CATALOG = { ...V1_BASIC_CATALOG, catalogId: 'https://example.com/provider-v1.json', functions: new Set([...V1_BASIC_CATALOG.functions, 'lookup']) };
/** Calls one surface makes at most for its bindings (AGENT_CALLS_PER_SURFACE), less one for the error. */
const BATCH = 60;
/** What starts each value, so the test finds it drawn (a Text's Markdown may change the rest, never this). */
const marker = (i: number): string => `mark${i}x `;

/**
 * A surface whose Texts each show the agent's answer for one payload, and one more whose answer is an error with the
 * last payload as its message; resolves once all of it is drawn.
 */
async function answered(payloads: readonly string[]): Promise<MantisA2uiSurface> {
  const el = document.createElement('mantis-a2ui-surface') as MantisA2uiSurface;
  const calls = collect<A2uiFunctionCallDetail>(el, 'mantis-a2ui-function-call');
  el.catalogs = [CATALOG] as unknown as MantisA2uiSurface['catalogs'];
  const texts = payloads.map((_, i) => ({ id: `t${i}`, component: 'Text', text: { call: 'lookup', args: { i } } }));
  const failing = { id: 'failing', component: 'Text', text: { call: 'lookup', args: { i: -1 } } };
  el.messages = [{
    version: 'v1.0',
    createSurface: { surfaceId: 's', catalogId: CATALOG.catalogId, components: [{ id: 'root', component: 'Column', children: [...texts.map((t) => t.id), 'failing'] }, ...texts, failing] },
  }];
  document.body.append(el);
  await waitUntil(() => calls.length === payloads.length + 1, 'a call for every Text');
  const answers = calls.map(({ message }) => {
    const { functionCallId, callFunction } = message.callAgentFunction;
    const i = callFunction.args['i'] as number;
    const outcome = i < 0 ? { error: { code: 'HOSTILE', message: payloads.at(-1) ?? '' } } : { value: `${marker(i)}${payloads[i] ?? ''}` };
    return { version: 'v1.0', agentFunctionResponse: { functionCallId, ...outcome } };
  });
  el.messages = [...el.messages, ...answers];
  // Every call answered (refused answers fail theirs): the last answer, the error, is what the notice says.
  await waitUntil(() => $(el, '[part="note"]') !== null, 'the error answer is said');
  await el.updateComplete;
  return el;
}

async function attack(payloads: readonly string[], context: string): Promise<void> {
  for (let start = 0; start < payloads.length; start += BATCH) {
    const batch = payloads.slice(start, start + BATCH);
    const sinks = watchSinks();
    const el = await answered(batch);
    try {
      sinks.assertClean(`${context} ${start}`);
      assertNoActiveContent(el.shadowRoot as ShadowRoot, `${context} ${start}`);
      // Every value within a message's limits is drawn; an answer longer than a message's strings may be is refused:
      // its call fails at once, and says so.
      const shown = textOf(el);
      batch.forEach((payload, i) => expect(shown.includes(marker(i)), `value ${start + i} drawn`).to.equal(marker(i).length + payload.length <= A2UI_LIMITS.stringChars));
      const last = batch.at(-1) ?? '';
      const said = last.length <= A2UI_LIMITS.stringChars ? `The agent's lookup failed: ${last.slice(0, 200)}` : "The agent's answer to lookup could not be read.";
      expect($(el, '[part="note"]')?.textContent, 'the error’s message is text').to.equal(said);
    } finally {
      sinks.restore();
      el.remove();
    }
  }
}

describe('<mantis-a2ui-surface>: attack inputs in the agent’s answers to its calls', () => {
  it('the suite’s own inputs, as values and as an error’s message', async () => {
    await attack(OWN_ATTACKS, 'own');
  });

  it('the shared corpus (xss and markdown groups), as values and as an error’s message', async function () {
    const corpus = await sharedCorpusOrSkip(this, 'the shared corpus in the agent’s answers');
    await attack([...corpus.xss, ...corpus.markdown].map((entry) => entry.payload), 'shared');
  });
});
