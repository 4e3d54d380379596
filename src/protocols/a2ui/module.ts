import type { ProtocolModule } from '../module.js';
import { A2UI_FIELDS, A2UI_RECORDS } from './records.js';
import { A2uiSession, describeActionTurn } from './session.js';

/** A2UI v0.9 as a protocol of a chat: its records, the `surfaceIds` it persists, its action turns, its session state. */
export const a2uiProtocol: ProtocolModule = {
  name: 'a2ui',
  records: A2UI_RECORDS,
  fields: A2UI_FIELDS,
  describeTurn: describeActionTurn,
  createState: (host) => new A2uiSession(host),
};

/** A session's A2UI state (its surfaces, its action round trip), once a surface has been shown. */
export function a2uiOf(session: { protocol(name: string): unknown }): A2uiSession | undefined {
  const state = session.protocol('a2ui');
  return state instanceof A2uiSession ? state : undefined;
}
