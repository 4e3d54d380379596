import type { ProtocolModule, RecordHandler } from '../module.js';
import { AiSdkConnection } from './connection.js';
import { viewData } from './records.js';
import { sdkPart } from './sources.js';
import { approval } from './approvals.js';
import { agentError } from '../agent-error.js';

/*
 * The AI SDK protocol (`ai` 7's UI message stream, `transport="ai-sdk"`): this folder and one line of
 * src/protocols/register.ts. Loaded the first time a chat connects with it or replays a reply that holds its records.
 */
export const aiSdkProtocol: ProtocolModule = {
  name: 'ai-sdk',
  connections: { 'ai-sdk': (options) => new AiSdkConnection(options) },
  records: { 'ai-sdk-view': viewData as RecordHandler, 'ai-sdk-part': sdkPart as RecordHandler, approval: approval as RecordHandler, 'ai-sdk-error': agentError as RecordHandler },
};

export { ChunkReader } from './chunks.js';
export { toUiMessages, type UiMessage, type UiMessagePart } from './messages.js';
