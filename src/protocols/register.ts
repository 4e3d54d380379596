import type { ProtocolMarker } from '../message/marker.js';
import type { MessageParser } from '../message/parser.js';
import type { MantisPart } from '../message/parts.js';
import { A2UI_ACTION_PREFIX, A2UI_CATALOGS, A2UI_CATALOG_PARAM } from './a2ui/types.js';
import { composer } from './composer/module.js';
import type { ParseOptions, ProtocolConfigTarget, ProtocolRegistration } from './module.js';
import { ProtocolRegistry } from './registry.js';

/*
 * The registration file: every protocol a chat may speak, one line each (docs/protocol.md "Protocol modules"). A line
 * names what the protocol is known by before it loads and a loader; the protocol loads the first time a session
 * needs it, so a page pays only for the protocols it uses. The Composer's `Transport` is the session's own API
 * (`useTransport`), so it ships in the first load.
 */

/** The protocols every chat speaks (a page adds its own with `registerProtocol`). */
export const defaultProtocols = new ProtocolRegistry()
  .register({ name: 'composer', eager: true, connections: ['ws', 'sse'], records: ['reasoning', 'reasoning_start', 'reasoning_delta', 'reasoning_end', 'tool', 'todo', 'attachment', 'task'], load: () => composer })
  .register({ name: 'agent-ui', records: ['ui-envelope'], fields: ['uiEnvelopes', 'uiSessionId'], load: () => import('./agent-ui/index.js').then((m) => m.agentUiProtocol) })
  .register({ name: 'ai-sdk', connections: ['ai-sdk'], records: ['ai-sdk-view', 'ai-sdk-part', 'approval', 'ai-sdk-error'], load: () => import('./ai-sdk/index.js').then((m) => m.aiSdkProtocol) })
  .register({ name: 'ag-ui', connections: ['ag-ui'], records: ['interrupt', 'a2ui-activity', 'subagent', 'ag-ui-error'], load: () => import('./ag-ui/index.js').then((m) => m.agUiProtocol) })
  .register({ name: 'a2ui', records: ['a2ui', 'a2ui-surfaces'], fields: ['surfaceIds', 'surface_ids'], turnPrefix: A2UI_ACTION_PREFIX, advertises: { [A2UI_CATALOG_PARAM]: A2UI_CATALOGS }, load: () => import('./a2ui/index.js').then((m) => m.a2uiProtocol) });

/** Adds a protocol every chat on the page may speak: one line naming what it is known by and its loader. */
export function registerProtocol(registration: ProtocolRegistration): void {
  defaultProtocols.register(registration);
}

/** Creates the incremental parser of one assistant message, chosen by its trusted marker. */
export function createMessageParser(marker: ProtocolMarker, options?: ParseOptions): MessageParser {
  return defaultProtocols.createParser(marker, options);
}

/** Parses a whole assistant message at once: exactly the parts that streaming it in any chunks yields. */
export function parseAssistantText(text: string, marker: ProtocolMarker, options?: ParseOptions): readonly MantisPart[] {
  const parser = createMessageParser(marker, options);
  parser.push(text);
  return parser.end();
}

/**
 * A session's `a2uiCatalogs` (session-config.ts), read by the A2UI folder's code, loaded for them: given to its state
 * and advertised through `target`, unless `current()` says a later list came meanwhile.
 */
export const configureA2uiCatalogs = (...given: [list: unknown, target: ProtocolConfigTarget, current: () => boolean]): Promise<void> =>
  import('./a2ui/catalog-input.js').then((m) => m.configureCatalogs(...given));
