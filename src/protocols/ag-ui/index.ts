import type { ProtocolModule, RecordHandler } from '../module.js';
import { AgUiConnection } from './connection.js';
import { interrupt } from './interrupts.js';
import { activityRecord } from './activities.js';
import { subagentRecord } from './subagents.js';
import { agentError } from '../agent-error.js';

/*
 * AG-UI 1.0 (`transport="ag-ui"`): this folder and one line of src/protocols/register.ts, loaded the first time a chat
 * connects with it.
 */
export const agUiProtocol: ProtocolModule = {
  name: 'ag-ui',
  connections: { 'ag-ui': (options) => new AgUiConnection(options) },
  records: { interrupt: interrupt as RecordHandler, 'a2ui-activity': activityRecord as RecordHandler, subagent: subagentRecord as RecordHandler, 'ag-ui-error': agentError as RecordHandler },
};

export { EventReader } from './events.js';
export { toAgUiMessages, type AgUiMessage } from './messages.js';
