import { css, html, nothing, type TemplateResult } from 'lit';
import type { Answer } from '../../src/protocols/connection.js';
import type { AssistantMessage } from '../../src/message/messages.js';
import type { InterruptField, InterruptPart, ToolPart } from '../../src/message/parts.js';
import type { PartsHostElement } from './lazy-parts.js';

/*
 * The controls with which the user answers what an agent asks in a reply: a tool approval (AI SDK), an interrupt
 * (AG-UI), with the form an interrupt's `responseSchema` asks for. The answer itself is the session's
 * (src/chat/session-answers.ts: kept with the message, sent once every question is answered); this draws the question,
 * its buttons and form, and what was answered. Part of parts-view.ts, loaded with the first such part.
 */


type Requested = Extract<ToolPart, { state: 'approval-requested' }>;

/** How long to wait at most before drawing again for an expiry (a timer's limit is about 24.8 days). */
const MAX_WAIT = 2 ** 31 - 1;

export class QuestionControls {
  readonly #host: PartsHostElement;
  /** Draws the transcript again (a question expired). */
  readonly #redraw: () => void;
  readonly #announce: (text: string) => void;
  /** The questions already announced, by ID. */
  readonly #asked = new Set<string>();
  /** The next expiry a redraw is scheduled for. */
  #expiry: { readonly at: number; readonly timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(host: PartsHostElement, redraw: () => void, announce: (text: string) => void) {
    this.#host = host;
    this.#redraw = redraw;
    this.#announce = announce;
  }

  /** Says once that the agent asks something the user may answer now (a screen reader hears it after the reply). */
  #ask(id: string, what: string): void {
    if (this.#asked.has(id)) return;
    this.#asked.add(id);
    queueMicrotask(() => this.#announce(`The agent asks: ${what}`));
  }

  /** Gives the answer; once kept, says so and puts the focus on the question, which now shows what was answered. */
  async #answer(message: AssistantMessage, id: string, answer: Answer, said: string): Promise<void> {
    const host = this.#host;
    const given = await host.session.answer(message.id, answer).catch(() => false);
    this.#announce(given ? said : 'This answer could not be given: the question is closed, the conversation has gone on, or the agent cannot be reached.');
    if (!given) return;
    await host.updateComplete;
    host.renderRoot.querySelector<HTMLElement>(`[data-question="${CSS.escape(id)}"]`)?.focus();
  }

  /** Draws again when the soonest expiry to come has passed. */
  #expireAt(at: number, now: number): void {
    if (this.#expiry && this.#expiry.at <= at) return;
    if (this.#expiry) clearTimeout(this.#expiry.timer);
    const timer = setTimeout(() => {
      this.#expiry = null;
      this.#redraw();
    }, Math.min(at - now + 50, MAX_WAIT));
    this.#expiry = { at, timer };
  }

  /** What the agent asks at a tool call (its approval, an interrupt about it), or in an interrupt of the message. */
  render(message: AssistantMessage, part: ToolPart | InterruptPart): TemplateResult | typeof nothing {
    if (part.type === 'data-mantis-interrupt') {
      // One about a tool call of the message is drawn with that call.
      const call = part.data.toolCallId;
      return call && message.parts.some((p) => p.type === 'dynamic-tool' && p.toolCallId === call) ? nothing : this.interrupt(message, part);
    }
    const interrupts = message.parts.filter((p): p is InterruptPart => p.type === 'data-mantis-interrupt' && p.data.toolCallId === part.toolCallId);
    const asks = part.state === 'approval-requested' && part.approval.isAutomatic !== true && this.#host.session.answerable;
    return html`${asks ? this.approval(message, part) : nothing}${interrupts.map((interrupt) => this.interrupt(message, interrupt))}`;
  }

  /**
   * A tool call's approval request, on a connection that carries answers (elsewhere the tool's state alone says it
   * waits: a Composer backend takes its approvals its own way): why the agent asks, and the buttons with a reason.
   */
  approval(message: AssistantMessage, part: Requested): TemplateResult {
    const id = `approval-${part.toolCallId}`;
    const asks = part.approval.requestReason;
    const open = message.status !== 'streaming';
    if (open) this.#ask(id, `may it run ${part.toolName}?`);
    const give = (approved: boolean) => (event: Event) => {
      const form = (event.target as HTMLElement).closest('form');
      const reason = form ? String(new FormData(form).get('reason') ?? '').trim() : '';
      const answer: Answer = { kind: 'approval', toolCallId: part.toolCallId, approved, ...(reason ? { reason } : {}) };
      this.#answer(message, id, answer, approved ? `Approved ${part.toolName}.` : `Denied ${part.toolName}.`);
    };
    return html`<form part="approval" class="question" data-question=${id} tabindex="-1" aria-label=${`Approve ${part.toolName}?`} @submit=${(e: Event) => e.preventDefault()}>
      <p class="question-text">The agent asks to run <strong>${part.toolName}</strong>.${asks ? html` ${asks}` : nothing}</p>
      ${open
        ? html`<label class="question-field">Reason (optional) <input part="approval-reason" name="reason" maxlength="2000" autocomplete="off" /></label>
            <div class="question-buttons">
              <button type="button" part="approval-approve" @click=${give(true)}>Approve</button>
              <button type="button" part="approval-deny" @click=${give(false)}>Deny</button>
            </div>`
        : html`<p class="muted">It can be answered once the reply has finished.</p>`}
    </form>`;
  }

  /** An interrupt: its prompt, its form, and the buttons while it can be answered; else what became of it. */
  interrupt(message: AssistantMessage, part: InterruptPart, now = Date.now()): TemplateResult {
    const { data } = part;
    const id = `interrupt-${part.id}`;
    const expired = data.expiresAt !== undefined && data.expiresAt <= now;
    if (data.expiresAt !== undefined && !expired && !data.answer) this.#expireAt(data.expiresAt, now);
    const open = !data.answer && !expired && this.#host.session.answerable && message.status !== 'streaming';
    if (open) this.#ask(id, data.message ?? data.reason);
    const submit = (event: Event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const payload = data.fields ? payloadOf(data.fields, new FormData(form)) : undefined;
      this.#answer(message, id, { kind: 'interrupt', interruptId: part.id, status: 'resolved', ...(payload ? { payload } : {}) }, 'Answer sent.');
    };
    const cancel = () => this.#answer(message, id, { kind: 'interrupt', interruptId: part.id, status: 'cancelled' }, 'Cancelled.');
    const state = data.answer ? (data.answer.status === 'resolved' ? 'Answered.' : 'Cancelled.') : expired ? 'This question expired; it can no longer be answered.' : null;
    return html`<form part="interrupt" class="question" data-question=${id} tabindex="-1" aria-label="The agent asks" @submit=${submit}>
      <p class="question-text">${data.message ?? `The agent needs your input (${data.reason}).`}</p>
      ${open && data.fields ? data.fields.map(renderField) : nothing}
      ${open
        ? html`<div class="question-buttons">
            <button type="submit" part="approval-approve">${data.toolCallId && !data.fields?.length ? 'Approve' : 'Answer'}</button>
            <button type="button" part="approval-deny" @click=${cancel}>${data.toolCallId && !data.fields?.length ? 'Deny' : 'Cancel'}</button>
          </div>`
        : html`<p class="muted" part="interrupt-state">${state ?? (message.status === 'streaming' ? 'It can be answered once the reply has finished.' : 'This chat cannot answer it (its connection does not carry answers).')}</p>`}
    </form>`;
  }
}

function renderField(field: InterruptField): TemplateResult {
  const label = `${field.label}${field.required ? '' : ' (optional)'}`;
  switch (field.kind) {
    case 'boolean':
      return html`<label class="question-field check"><input type="checkbox" name=${field.name} /> ${label}</label>`;
    case 'choice':
      return html`<label class="question-field"
        >${label}
        <select name=${field.name} ?required=${field.required}>
          ${field.required ? nothing : html`<option value=""></option>`} ${(field.options ?? []).map((o) => html`<option value=${o}>${o}</option>`)}
        </select></label
      >`;
    default:
      return html`<label class="question-field"
        >${label} <input type=${field.kind === 'number' ? 'number' : 'text'} name=${field.name} ?required=${field.required} maxlength="2000" step="any" autocomplete="off"
      /></label>`;
  }
}

/** The payload of a form: each field as its kind (a number, a boolean, a choice, text); an empty optional one left out. */
function payloadOf(fields: readonly InterruptField[], form: FormData): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    const value = form.get(field.name);
    if (field.kind === 'boolean') payload[field.name] = value !== null;
    else if (typeof value === 'string' && value !== '') payload[field.name] = field.kind === 'number' ? Number(value) : value;
  }
  return payload;
}

/** The controls' styles (on the chat's theme variables), adopted by the chat's shadow root with the controls. */
export const questionStyles = css`
  .question {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
    font-size: 0.875em;
    border: 1px dashed var(--_info);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.5) var(--_space);
  }
  .question-text {
    margin: 0;
  }
  .question-field {
    display: flex;
    flex-direction: column;
    gap: 0.25em;
  }
  .question-field.check {
    flex-direction: row;
    align-items: center;
  }
  .question-field input,
  .question-field select,
  .question-buttons button {
    font: inherit;
  }
  .question-buttons {
    display: flex;
    gap: calc(var(--_space) * 0.5);
  }
`;
