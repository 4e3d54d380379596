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
import { A2UI_CATALOGS } from '../../src/protocols/a2ui/types.js';
import { V1_BASIC_CATALOG, V1_BASIC_CATALOG_ID } from '../../src/protocols/a2ui/v1/index.js';
import { readCatalogs } from '../../src/protocols/a2ui/catalog-input.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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

/** Whether `value` has what an A2UI capability schema (the spec's own file) requires, under its one version key. */
function meetsCapabilitySchema(value: Record<string, unknown>, file: string): void {
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/a2ui-spec', file), 'utf8')) as {
    required: string[];
    properties: Record<string, { required: string[]; properties: Record<string, unknown> }>;
  };
  const [version] = schema.required;
  const body = value[version ?? ''] as Record<string, unknown> | undefined;
  assert.ok(body, `${file}: "${version}" is present`);
  for (const key of schema.properties[version ?? '']?.required ?? []) assert.ok(key in body, `${file}: ${key}`);
  for (const key of Object.keys(body)) assert.ok(key in (schema.properties[version ?? '']?.properties ?? {}), `${file}: ${key} is the schema's`);
  assert.ok((body['supportedCatalogIds'] as unknown[]).every((id) => typeof id === 'string'));
}

test('each catalog goes under its version: v1.0’s basic catalog and v1.0 documents under "v1.0", as renderer_capabilities.json has it', async () => {
  const v1Document = { catalogId: 'https://example.com/v1/tiles.json', protocolVersion: '1.0', components: {} };
  const ids = [V1_BASIC_CATALOG_ID, TILES_ID, v1Document.catalogId, ...A2UI_CATALOGS.slice(0, 1)];
  const context = a2uiContext({ advertises: { a2ui_catalog: ids }, documents: { a2ui_catalog: [JSON.stringify(v1Document), JSON.stringify(TILES)] } });
  const capabilities = JSON.parse(context[0]?.value ?? '') as Record<string, unknown>;
  assert.deepEqual(capabilities, {
    'v0.9': { supportedCatalogIds: [TILES_ID, A2UI_CATALOGS[0]] },
    'v1.0': { supportedCatalogIds: [V1_BASIC_CATALOG_ID, v1Document.catalogId] },
  });
  meetsCapabilitySchema(capabilities, 'v0.9/json/client_capabilities.json');
  meetsCapabilitySchema(capabilities, 'v1.0/json/renderer_capabilities.json');
  // The middleware writes v0.9: it gets the first v0.9 document, never a v1.0 one, and makes its surface on it.
  assert.equal(context[1]?.value, JSON.stringify(TILES));
  assert.equal(await catalogMadeWith(context), TILES_ID);

  // The chat's defaults: v1.0's basic catalog is among them, and goes under "v1.0"; the middleware gets the first v0.9 ID.
  const defaults = a2uiContext({ advertises: { a2ui_catalog: A2UI_CATALOGS } });
  assert.deepEqual(JSON.parse(defaults[0]?.value ?? ''), {
    'v0.9': { supportedCatalogIds: A2UI_CATALOGS.filter((id) => id !== V1_BASIC_CATALOG_ID) },
    'v1.0': { supportedCatalogIds: [V1_BASIC_CATALOG_ID] },
  });
  assert.equal(defaults[1]?.value, JSON.stringify({ catalogId: A2UI_CATALOGS[0] }));
  // Only v1.0 catalogs: no "v0.9" entry, and the middleware is told the first one there is.
  const newer = a2uiContext({ advertises: { a2ui_catalog: [V1_BASIC_CATALOG_ID] } });
  assert.deepEqual(JSON.parse(newer[0]?.value ?? ''), { 'v1.0': { supportedCatalogIds: [V1_BASIC_CATALOG_ID] } });
  // A document that is not JSON (a page cannot give one, but the wire is lenient) is a v0.9 catalog's, not an exception.
  assert.deepEqual(JSON.parse(a2uiContext({ advertises: { a2ui_catalog: [TILES_ID] }, documents: { a2ui_catalog: ['{'] } })[0]?.value ?? ''), { 'v0.9': { supportedCatalogIds: [TILES_ID] } });
});

test('a v1.0 catalog definition of the page’s own (its protocolVersion 1.0, its own ID) goes under "v1.0" too, as readCatalogs says of it', async () => {
  const own = { ...V1_BASIC_CATALOG, catalogId: 'https://example.com/v1/own.json' };
  const read = await readCatalogs([own, TILES]);
  assert.deepEqual(read.versions, { [own.catalogId]: '1.0' }, 'a document or definition that says no version is v0.9’s');
  const context = a2uiContext({ advertises: read.advertises, documents: read.documents, versions: read.versions });
  assert.deepEqual(JSON.parse(context[0]?.value ?? ''), { 'v0.9': { supportedCatalogIds: [TILES_ID] }, 'v1.0': { supportedCatalogIds: [own.catalogId] } });
  assert.equal(context[1]?.value, JSON.stringify(TILES), 'the middleware still gets the v0.9 document');
});

