import { html, nothing, type TemplateResult } from 'lit';
import type { AssistantMessage } from '../../src/message/messages.js';
import type { ActivityPart, AgentErrorPart, InterruptPart, SubagentPart, TodoPart, ToolPart, TourPart } from '../../src/message/parts.js';
import { QuestionControls, questionStyles } from './answers-view.js';
import type { PartsHostElement } from './lazy-parts.js';
import { SourceControls, sourceStyles, type SourcePart } from './sources-view.js';
import { debugStyles, renderDebug } from './debug-view.js';
import { renderTodos, todoStyles } from './todo-view.js';
import { renderSubagent, subagentStyles } from './subagent-view.js';
import { renderTour, showTourStep, tourStyles } from './tour.js';

/*
 * The parts most replies do not have (lazy-parts.ts loads this module with the first one): what the agent asks, with
 * the controls to answer it (answers-view.ts), the sources and files it cites (sources-view.ts), the deprecated debug
 * fields of old histories (debug-view.ts), the Composer's legacy todo lists (todo-view.ts) and the subagents an AG-UI
 * agent handed work to (subagent-view.ts). Beside the IIFE a file of its own, with the styles the chat adopts then.
 */

/** A part this module draws; at a tool call, what the agent asks about it; `debug`: a message's deprecated fields. */
export type LazyPart = ToolPart | InterruptPart | SourcePart | TodoPart | ActivityPart | SubagentPart | TourPart | AgentErrorPart | 'debug';

/** An A2UI surface the agent is still making, or could not make, in its place (nothing once it is made). */
function renderActivity(part: ActivityPart): TemplateResult | typeof nothing {
  const { status } = part.data;
  if (status === 'failed') return html`<p part="activity" class="fallback" role="note">The agent could not build this interface.</p>`;
  return status ? html`<p part="activity" class="muted" role="status">${status === 'retrying' ? 'Building the interface again…' : 'Building the interface…'}</p>` : nothing;
}

export class PartControls {
  readonly #questions: QuestionControls;
  readonly #sources: SourceControls;
  readonly #host: PartsHostElement;

  constructor(host: PartsHostElement, redraw: () => void, announce: (text: string) => void) {
    this.#host = host;
    this.#questions = new QuestionControls(host, redraw, announce);
    this.#sources = new SourceControls(host);
    const root = host.renderRoot;
    for (const { styleSheet } of [questionStyles, sourceStyles, debugStyles, todoStyles, subagentStyles, tourStyles]) {
      if (root instanceof ShadowRoot && styleSheet && !root.adoptedStyleSheets.includes(styleSheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, styleSheet];
    }
  }

  render(message: AssistantMessage, part: LazyPart): TemplateResult | typeof nothing {
    if (part === 'debug') return message.debug ? renderDebug(message.debug) : nothing;
    if (part.type === 'data-mantis-todo') return renderTodos(part.data.todos);
    if (part.type === 'data-mantis-activity') return renderActivity(part);
    if (part.type === 'data-mantis-subagent') return renderSubagent(part);
    // The agent's words, as text: never Markdown, never markup.
    if (part.type === 'data-mantis-agent-error') return html`<p part="agent-error" class="fallback" role="note"><strong>The agent reported an error:</strong> ${part.data.message}</p>`;
    if (part.type === 'data-mantis-tour') return renderTour(part.data, (stepId) => showTourStep(this.#host.session, message, stepId));
    return part.type === 'dynamic-tool' || part.type === 'data-mantis-interrupt' ? this.#questions.render(message, part) : this.#sources.render(part);
  }
}
