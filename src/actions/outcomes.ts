import type { ActionType } from '../schema/actions.js';

/*
 * What became of the state-changing actions of a message (000_de6e533300a72cb9.txt, "Actions": add-to-bag, run-task
 * and submit-followup "execute at most once per rendered message"). The memory is part of the persisted message, so
 * it survives setting `messages` again, a reload and a reconnect, and a replayed message shows each executed action
 * with its outcome.
 */

/**
 * `pending`: confirmed and sent, no answer yet. `delivered`: the backend accepted it (or the follow-up was sent, or a
 * host handler took it). `rejected`: the backend refused it, with its reason. `failed`: it never got an answer
 * (network, timeout).
 */
export type ActionStatus = 'pending' | 'delivered' | 'rejected' | 'failed';

/** A task's progress as trusted `task` events report it; the control never claims completion itself. */
export type TaskStatus = 'delivered' | 'running' | 'completed' | 'failed';

export interface ActionOutcome {
  /** The view and action it came from: with the message, what "at most once per rendered message" counts. */
  readonly viewId: string;
  /**
   * The view's part ID in its message, when it was run from a chat: two views of one message may share a view ID.
   * An outcome without one (stored before it was kept, or run without it) holds for every view of its message with
   * that view ID, so such an action still runs at most once.
   */
  readonly partId?: string;
  readonly actionId: string;
  readonly type: ActionType;
  /** The `client_action_id` of its `action` frame, or the `client_message_id` of the follow-up it sent. */
  readonly clientActionId: string;
  readonly status: ActionStatus;
  /** Why it was rejected or failed, in the backend's or the client's words. */
  readonly reason?: string;
  /** run-task: the last trusted task event for it. */
  readonly task?: TaskStatus;
  /** Milliseconds since the epoch when it was confirmed. */
  readonly at: number;
}

/**
 * The outcome of one action of one view in a message's list, if it ran. `partId` tells apart two views of the message
 * that share a view ID; an outcome or a question without one matches every view with the view ID.
 */
export function outcomeOf(outcomes: readonly ActionOutcome[] | undefined, viewId: string, actionId: string, partId?: string): ActionOutcome | undefined {
  return outcomes?.find((o) => o.viewId === viewId && o.actionId === actionId && (o.partId === undefined || partId === undefined || o.partId === partId));
}

/** Words for an outcome, for its control and for screen readers. */
export function describeOutcome(outcome: ActionOutcome): string {
  if (outcome.type === 'run-task' && outcome.status === 'delivered' && outcome.task) {
    return { delivered: 'Task delivered', running: 'Task running', completed: 'Task completed', failed: 'Task failed' }[outcome.task];
  }
  switch (outcome.status) {
    case 'pending':
      return 'Sending…';
    case 'delivered':
      return outcome.type === 'run-task' ? 'Task delivered' : outcome.type === 'submit-followup' ? 'Sent' : 'Done';
    case 'rejected':
      return `Rejected: ${outcome.reason ?? 'the server refused it'}`;
    case 'failed':
      return `Failed: ${outcome.reason ?? 'no answer'}`;
  }
}
