import type * as z from 'zod/mini';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { TaskCardSchema } from '../task-card.js';
import { MARKDOWN_NOTE } from '../fields.js';

export const taskCardDescription: ComponentDescription = {
  purpose: 'A task you suggest; nothing runs unless the user acts on it.',
  notes: { state: 'always "suggested": never claim that a task is running or done.', description: MARKDOWN_NOTE },
};

export const taskCardExample: ExampleOf<z.input<typeof TaskCardSchema>> = {
  version: 1,
  id: 'task-example',
  root: {
    id: 'suggest-report',
    type: 'task-card',
    state: 'suggested',
    title: 'Draft a cluster report',
    description: 'Summarize the three largest clusters into a short report.',
    actions: [
      { id: 'start-report', type: 'run-task', label: 'Start the report', task: 'Write a one-page report on the three largest clusters.' },
      { id: 'edit-report', type: 'prefill-composer', label: 'Edit the request', text: 'Write a report on the largest clusters, focusing on ' },
    ],
  },
};
