import { copyText, describeOutcome, followUpPrompt, type SessionEvent } from '../../src/index.js';
import { emit, type A2uiErrorDetail } from '../events.js';

/** For each chat, how much of each streaming reply had been said before it streamed again (none: a new one). */
const saidBy = new WeakMap<HTMLElement, Map<string, number>>();

/**
 * Turns a session's events into the chat's DOM events (typed, bubbling, composed) and its polite announcements.
 * `messages` is the chat's own business (it re-renders), so it is not handled here.
 */
export function dispatchSessionEvent(host: HTMLElement, event: SessionEvent, announce: (text: string) => void): void {
  let said = saidBy.get(host);
  if (!said) saidBy.set(host, (said = new Map()));
  switch (event.type) {
    case 'state':
      emit(host, 'mantis-connection-change', { state: event.state });
      return;
    case 'message-start':
      // A reply that goes on (the user answered what it asked) is announced from where it goes on.
      said.set(event.message.id, copyText(event.message).length);
      announce('Assistant is replying…');
      return;
    case 'message-complete':
      announce(`Assistant replied: ${copyText(event.message).slice(said.get(event.message.id) ?? 0).trim().slice(0, 300)}`);
      said.delete(event.message.id);
      emit(host, 'mantis-message-complete', { message: event.message });
      emit(host, 'mantis-suggestions-request', { messageId: event.message.id, prompt: followUpPrompt(event.message) });
      return;
    case 'message-interrupted':
      said.delete(event.message.id);
      announce('The reply was interrupted.');
      emit(host, 'mantis-message-interrupted', { message: event.message, reason: event.reason });
      return;
    case 'citations':
      emit(host, 'mantis-citations', { messageId: event.messageId, citations: event.citations });
      return;
    case 'history-change':
      emit(host, 'mantis-history-change', { messages: event.messages });
      return;
    case 'protocol-error':
      emit(host, 'mantis-protocol-error', { reason: event.reason });
      return;
    case 'config-error':
      console.warn(`[mantis-ui] ${event.reason}`);
      emit(host, 'mantis-config-error', { reason: event.reason });
      return;
    case 'action':
      emit(host, 'mantis-action', { ...event.request });
      return;
    case 'action-outcome':
      if (event.outcome.status !== 'pending' || event.outcome.task) announce(`${event.outcome.type}: ${describeOutcome(event.outcome)}`);
      emit(host, 'mantis-action-outcome', { messageId: event.messageId, outcome: event.outcome });
      return;
    case 'protocol-notice':
      emit(host, 'mantis-protocol-notice', { key: event.key, reason: event.reason });
      return;
    case 'agent-state':
      emit(host, 'mantis-agent-state', { state: event.state });
      return;
    case 'protocol-event':
      if (event.event.type === 'refused' && typeof event.event['message'] === 'string') announce(event.event['message']);
      if (event.protocol === 'a2ui' && event.event.type === 'error') emit(host, 'mantis-a2ui-error', { error: event.event['error'] as A2uiErrorDetail['error'] });
      return;
    case 'waiting':
      // The input area's waiting line is a status of its own.
      return;
    case 'prefill':
    case 'messages':
    case 'backoff':
      return;
    default:
      // Every session event is handled above: a new one fails the type check here.
      return event satisfies never;
  }
}
