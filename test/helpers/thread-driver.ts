import { a2uiOf } from '../../src/protocols/a2ui/index.js';
import { envelopesOf } from '../../src/protocols/agent-ui/index.js';
import { toConversation } from '../../src/protocols/composer/events.js';
import {
  ChatSession,
  defaultProtocols,
  type AssistantMessage,
  type ChatMessage,
  type ChatSessionOptions,
  type PersistedMessage,
  type RenderStatus,
  type ServerEvent,
  type SurfacePlacement,
  type UiEnvelopeEvent,
} from '../../src/index.js';

// The protocols these tests feed records of are loaded first, so that a record is applied the moment it is given.
await Promise.all([defaultProtocols.load('agent-ui'), defaultProtocols.load('a2ui')]);

/**
 * A conversation driven the way a connection drives it: Composer server events (and agent-ui@1 envelopes) go through
 * a real ChatSession, with no connection. Each call returns the assistant message it changed, or null, as the tests
 * of the thread always asked.
 */
export class ThreadDriver {
  readonly session: ChatSession;

  constructor(options: ChatSessionOptions = {}) {
    this.session = new ChatSession(options);
  }

  get thread() {
    return this.session.thread;
  }

  get messages(): readonly ChatMessage[] {
    return this.session.messages;
  }

  get streaming(): readonly string[] {
    return this.thread.streaming;
  }

  assistant(id: string): AssistantMessage | undefined {
    return this.thread.assistant(id);
  }

  arrivedLive(id: string): boolean {
    return this.thread.arrivedLive(id);
  }

  addUserMessage(...args: Parameters<ChatSession['thread']['addUserMessage']>) {
    return this.thread.addUserMessage(...args);
  }

  interrupt(id: string): AssistantMessage | null {
    return this.thread.interrupt(id);
  }

  toPersisted(): PersistedMessage[] {
    return this.session.persisted;
  }

  load(messages: readonly unknown[]): Promise<void> {
    return this.session.load(messages);
  }

  /** The placement of every live A2UI surface. */
  get surfaces(): ReadonlyMap<string, SurfacePlacement> {
    return a2uiOf(this.session)?.group.placements ?? new Map();
  }

  apply(event: ServerEvent): AssistantMessage | null {
    return this.#changed(() => this.session.receive(toConversation(event)));
  }

  addEnvelope(event: UiEnvelopeEvent): AssistantMessage | null {
    return this.#changed(() => this.session.receive({ type: 'record', record: { type: 'ui-envelope', ...event } }));
  }

  setEnvelopeStatus(envelopeId: string, status: RenderStatus, error?: string): AssistantMessage | null {
    return this.#changed(() => envelopesOf(this.session)?.setStatus(envelopeId, status, error));
  }

  /** The last assistant message `act` replaced, or null. */
  #changed(act: () => unknown): AssistantMessage | null {
    const before = this.messages;
    act();
    const after = this.messages;
    for (let i = after.length - 1; i >= 0; i--) {
      const message = after[i];
      if (message?.role === 'assistant' && message !== before[i]) return message;
    }
    return null;
  }
}

/** Hands a session a Composer server event as its connection would; returns the assistant message it changed, or null. */
export function deliver(session: ChatSession, event: ServerEvent): AssistantMessage | null {
  const before = session.messages;
  session.receive(toConversation(event));
  const after = session.messages;
  for (let i = after.length - 1; i >= 0; i--) {
    const message = after[i];
    if (message?.role === 'assistant' && message !== before[i]) return message;
  }
  return null;
}
