import { expect } from '@open-wc/testing';
import { ThreadDriver } from '../../helpers/thread-driver.js';
import { type ServerEvent } from '../../../src/index.js';

const start: ServerEvent = { type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } };
const todo: ServerEvent = {
  type: 'todo',
  message_id: 'm',
  sequence: 1,
  todos: [{ id: 't', text: 'Refresh the report', status: 'pending', task_id: 7 }],
};
const todoStatus = (thread: ThreadDriver) => {
  const message = thread.messages.at(-1);
  const part = message?.role === 'assistant' ? message.parts.find((p) => p.type === 'data-mantis-todo') : undefined;
  return part?.type === 'data-mantis-todo' ? part.data.todos.map((t) => t.status) : [];
};

describe('Thread', () => {
  it('applies a trusted task event to the todo item with its persisted task ID, even while the message streams', () => {
    const thread = new ThreadDriver();
    thread.apply(start);
    thread.apply(todo);
    thread.apply({ type: 'task', task_id: 7, status: 'completed' });
    expect(todoStatus(thread)).to.deep.equal(['completed']);
    // The next delta of the still-streaming message keeps it.
    thread.apply({ type: 'text_delta', message_id: 'm', sequence: 2, delta: 'More.' });
    expect(todoStatus(thread)).to.deep.equal(['completed']);
  });

  it('lets generated tasks (reserved ID 0) complete no sidebar item', () => {
    const thread = new ThreadDriver();
    thread.apply(start);
    thread.apply(todo);
    expect(thread.apply({ type: 'task', task_id: 0, status: 'completed' })).to.equal(null);
    expect(todoStatus(thread)).to.deep.equal(['pending']);
  });

  it('ignores events at or below the last applied sequence', () => {
    const thread = new ThreadDriver();
    thread.apply(start);
    thread.apply({ type: 'text_delta', message_id: 'm', sequence: 1, delta: 'A' });
    expect(thread.apply({ type: 'text_delta', message_id: 'm', sequence: 1, delta: 'A' })).to.equal(null);
    const message = thread.messages.at(-1);
    expect(message?.role === 'assistant' && message.text).to.equal('A');
  });
});
