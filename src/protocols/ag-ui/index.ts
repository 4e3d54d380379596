import type { ProtocolModule } from '../module.js';
import { AgUiConnection } from './connection.js';

/*
 * AG-UI 1.0 (`transport="ag-ui"`): this folder and one line of src/protocols/register.ts, loaded the first time a chat
 * connects with it.
 */
export const agUiProtocol: ProtocolModule = {
  name: 'ag-ui',
  connections: { 'ag-ui': (options) => new AgUiConnection(options) },
};

export { EventReader } from './events.js';
export { toAgUiMessages, type AgUiMessage } from './messages.js';
