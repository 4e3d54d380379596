import { css, html, type TemplateResult } from 'lit';

/*
 * The legacy todo list of a Composer reply (trusted `todo` events, the tasks' progress): its items in order, each
 * status in words and by a symbol. Part of parts-view.ts, loaded with the first such part.
 */

/** Todo statuses as people read them; another the backend named shows neutrally under its own name. */
const TODO_STATUS: Readonly<Record<string, { readonly icon: string; readonly label: string }>> = {
  pending: { icon: '☐', label: 'pending' },
  in_progress: { icon: '☐', label: 'in progress' },
  completed: { icon: '☑', label: 'completed' },
};

function renderTodo(todo: { readonly text: string; readonly status: string }): TemplateResult {
  const known = Object.prototype.hasOwnProperty.call(TODO_STATUS, todo.status) ? TODO_STATUS[todo.status] : undefined;
  const { icon, label } = known ?? { icon: '•', label: todo.status.replaceAll('_', ' ') };
  return html`<li class="todo-item todo-${known ? todo.status : 'unlisted'}">
    <span aria-hidden="true">${icon}</span> ${todo.text}
    <span class="muted">(${label})</span>
  </li>`;
}

/** A todo list, its items in order. */
export function renderTodos(todos: readonly { readonly text: string; readonly status: string }[]): TemplateResult {
  return html`<ul part="todo" class="todo" aria-label="Tasks">
        ${todos.map(renderTodo)}
      </ul>`;
}

export const todoStyles = css`
  .todo {
    margin: 0;
    padding-inline-start: var(--_space);
    list-style: none;
  }
  .todo-completed {
    color: var(--_muted);
  }
`;
