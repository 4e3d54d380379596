import type { ReplyWriter } from '../reply.js';
import { MAX_JSON, patchJson } from './patch.js';

/*
 * The agent's shared state (AG-UI `STATE_SNAPSHOT`, `STATE_DELTA`), kept for the thread across its runs: each run
 * carries it back as its `state`, and each change is told to the session (`agent-state`), which a page reads as
 * `<mantis-chat>`'s `agentState` and hears as `mantis-agent-state`. It is the agent's data, any JSON, shown nowhere
 * by the chat; a snapshot larger than MAX_JSON, or a delta that cannot be applied, is skipped and said.
 */
export class SharedState {
  /** The state now; `{}` until the agent sends one, as a run's input needs an object. */
  value: unknown = {};

  snapshot(event: Readonly<Record<string, unknown>>, reply: ReplyWriter): void {
    const snapshot = event['snapshot'];
    if (snapshot === undefined || (JSON.stringify(snapshot) ?? '').length > MAX_JSON) {
      reply.say({ type: 'protocol-error', reason: 'An AG-UI STATE_SNAPSHOT has no state, or one larger than this chat keeps; it was skipped.' });
      return;
    }
    this.#set(snapshot, reply);
  }

  delta(event: Readonly<Record<string, unknown>>, reply: ReplyWriter): void {
    const patched = patchJson(this.value, event['delta']);
    if (!patched.ok) {
      const why = patched.refusal === 'invalid' ? 'has no list of operations this chat applies' : patched.refusal === 'failed' ? 'could not be applied to the state' : 'made the state larger than this chat keeps';
      reply.say({ type: 'protocol-error', reason: `An AG-UI STATE_DELTA ${why}; it was skipped.` });
      return;
    }
    this.#set(patched.value, reply);
  }

  #set(state: unknown, reply: ReplyWriter): void {
    this.value = state;
    reply.say({ type: 'agent-state', state });
  }
}
