// An agent's A2UI v1.0 function call to a standalone <mantis-a2ui-surface> (issue 31, item 3): the element answers
// each callRendererFunction among its messages once, by its ID, with `mantis-a2ui-function-answer` for the page to
// send: INVALID_FUNCTION_CALL for a function the catalog keeps from the agent, the function's value for one it lets
// the agent call.
import { expect, oneEvent } from '@open-wc/testing';
import '../../../elements/index.js';
import type { A2uiFunctionAnswerDetail } from '../../../elements/events.js';
import type { MantisA2uiSurface } from '../../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import { V1_BASIC_CATALOG, V1_BASIC_CATALOG_ID } from '../../../src/protocols/a2ui/v1/index.js';
import { errorsOf } from './fixtures.js';

const call = (functionCallId: string) => ({
  version: 'v1.0',
  callRendererFunction: { functionCallId, callFunction: { call: 'formatString', catalogId: V1_BASIC_CATALOG_ID, args: { value: 'Hello' } } },
});

/** A surface element given `messages`, with every function answer it fires. */
function surface(messages: unknown[], catalogs?: unknown[]): { el: MantisA2uiSurface; answers: A2uiFunctionAnswerDetail[] } {
  const el = document.createElement('mantis-a2ui-surface');
  const answers: A2uiFunctionAnswerDetail[] = [];
  el.addEventListener('mantis-a2ui-function-answer', (event) => answers.push(event.detail));
  if (catalogs) el.catalogs = catalogs as MantisA2uiSurface['catalogs'];
  el.messages = messages;
  document.body.append(el);
  return { el, answers };
}

describe('<mantis-a2ui-surface> and an agent’s function call', () => {
  it('answers a rendererOnly function with INVALID_FUNCTION_CALL by the call’s ID, once, and reports no error', async () => {
    const first = call('c1');
    const { el, answers } = surface([first]);
    const errors = errorsOf(el);
    try {
      const { detail } = await oneEvent(el, 'mantis-a2ui-function-answer');
      expect(detail.message).to.deep.include({ version: 'v1.0' });
      expect('error' in detail.message && detail.message.error).to.deep.include({ code: 'INVALID_FUNCTION_CALL', functionCallId: 'c1' });
      // More messages apply after it (the same list, extended): the call is not answered again.
      el.messages = [first, { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: V1_BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', text: 'Hi' }] } }];
      await oneEvent(el, 'mantis-a2ui-change');
      await el.updateComplete;
      expect(answers.length).to.equal(1);
      expect(errors).to.deep.equal([]);
    } finally {
      el.remove();
    }
  });

  it('answers a function its catalog lets the agent call with the function’s value', async () => {
    const callable = { ...V1_BASIC_CATALOG, callers: { formatString: 'rendererOrAgent' } };
    const { el } = surface([call('c2')], [callable]);
    try {
      const { detail } = await oneEvent(el, 'mantis-a2ui-function-answer');
      expect(detail.message).to.deep.equal({ version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c2', value: 'Hello' } });
    } finally {
      el.remove();
    }
  });
});
