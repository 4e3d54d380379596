// What a chat tells an AG-UI agent about its A2UI catalogs (src/protocols/ag-ui/context.ts), read by the AG-UI A2UI
// middleware itself (@ag-ui/a2ui-middleware, with @ag-ui/client's AbstractAgent as the agent behind it): the surface it
// makes from a `render_a2ui` tool call is on the catalog our context names, where without it the middleware falls
// back to the basic catalog.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { A2UIMiddleware, A2UI_SCHEMA_CONTEXT_DESCRIPTION, RENDER_A2UI_TOOL_NAME } from '@ag-ui/a2ui-middleware';
import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { Observable, lastValueFrom, toArray } from 'rxjs';
import { A2UI_CAPABILITIES_CONTEXT, A2UI_SCHEMA_CONTEXT, a2uiContext } from '../../src/protocols/ag-ui/context.js';
import { TILES, TILES_ID } from '../fixtures/a2ui/tiles-catalog.js';

/** An agent that answers every run by calling the middleware's render tool once, with a surface of one Tile. */
class RenderingAgent extends AbstractAgent {
  run(input: RunAgentInput): Observable<BaseEvent> {
    const args = JSON.stringify({ surfaceId: 'tile', components: [{ id: 'root', component: 'Tile', title: 'Ada' }] });
    const events: BaseEvent[] = [
      { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent,
      { type: EventType.TOOL_CALL_START, toolCallId: 'call-1', toolCallName: RENDER_A2UI_TOOL_NAME } as BaseEvent,
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-1', delta: args } as BaseEvent,
      { type: EventType.TOOL_CALL_END, toolCallId: 'call-1' } as BaseEvent,
      { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent,
    ];
    return new Observable((subscriber) => {
      for (const event of events) subscriber.next(event);
      subscriber.complete();
    });
  }
}

/** The catalog of the surface the middleware made for the run with this context. */
async function catalogMadeWith(context: RunAgentInput['context']): Promise<unknown> {
  const input: RunAgentInput = { threadId: 't', runId: 'r', messages: [], tools: [], context, state: {}, forwardedProps: {} };
  const events = await lastValueFrom(new A2UIMiddleware({}).run(input, new RenderingAgent()).pipe(toArray()));
  type Snapshot = { type: EventType; content?: { a2ui_operations?: { createSurface?: { catalogId?: string } }[] } };
  // The first snapshots are its status ("building"); the surface comes in the one with operations.
  const surface = (events as Snapshot[]).find((e) => e.type === EventType.ACTIVITY_SNAPSHOT && e.content?.a2ui_operations);
  return surface?.content?.a2ui_operations?.[0]?.createSurface?.catalogId;
}

test('our catalog entry is described exactly as the middleware looks for it', () => {
  assert.equal(A2UI_SCHEMA_CONTEXT, A2UI_SCHEMA_CONTEXT_DESCRIPTION);
});

test('the middleware makes its surfaces on the catalog our context names; without it, on the basic one', async () => {
  const context = a2uiContext({ advertises: { a2ui_catalog: [TILES_ID] }, documents: { a2ui_catalog: [JSON.stringify(TILES)] } });
  assert.deepEqual(context.map((entry) => entry.description), [A2UI_CAPABILITIES_CONTEXT, A2UI_SCHEMA_CONTEXT]);
  assert.deepEqual(JSON.parse(context[0]?.value ?? ''), { 'v0.9': { supportedCatalogIds: [TILES_ID] } });
  assert.equal(await catalogMadeWith(context), TILES_ID);
  assert.equal(await catalogMadeWith([]), 'https://a2ui.org/specification/v0_9/basic_catalog.json');
});

test('without catalogs given as JSON the middleware is told the first catalog’s ID; without catalogs or generative UI, nothing', async () => {
  const ids = [TILES_ID, 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json'];
  const context = a2uiContext({ advertises: { a2ui_catalog: ids } });
  assert.deepEqual(context, [
    { description: A2UI_CAPABILITIES_CONTEXT, value: JSON.stringify({ 'v0.9': { supportedCatalogIds: ids } }) },
    { description: A2UI_SCHEMA_CONTEXT, value: JSON.stringify({ catalogId: TILES_ID }) },
  ]);
  assert.equal(await catalogMadeWith(context), TILES_ID);
  assert.deepEqual(a2uiContext({ advertises: {} }), []);
  assert.deepEqual(a2uiContext({ generativeUi: false, advertises: { a2ui_catalog: ids } }), []);
});
