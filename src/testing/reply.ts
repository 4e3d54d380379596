import { BASIC_CATALOG } from '../protocols/a2ui/catalog-basic.js';
import { MANTIS_CATALOG } from '../protocols/a2ui/catalog-mantis.js';
import { BASIC_CATALOG_ID } from '../protocols/a2ui/types.js';
import { validateA2uiMessages } from '../protocols/a2ui/validate-stream.js';
import { parseEnvelope } from '../protocols/agent-ui/envelope.js';
import { validateEnvelope } from '../protocols/agent-ui/validate.js';
import { ServerEvent, TOOL_STATES, type TodoItem, type ToolState } from '../protocols/composer/frames.js';
import { VIEW_FENCE_INFO } from '../protocols/composer/message-parser.js';
import { describeFailure, validateView } from '../catalog/validate.js';
import type * as z from 'zod/mini';

/*
 * Scripted replies for tests: what an agent says, step by step, in the order it streams. Every step is checked with
 * the schemas the chat renders through when it is added, so a tester's typo fails in the test that wrote it, with
 * the path of the problem, instead of quietly becoming a fallback in the chat.
 */

/** Thrown when a scripted reply is given something the chat would refuse; the message names the step and the path. */
export class ScriptError extends Error {
  override readonly name = 'ScriptError';
}

/** A tool call of a scripted reply. */
export interface ScriptedTool {
  /** The tool's name, as the agent calls it. */
  readonly name: string;
  /** The call's ID (`tool_call_id`); `call-<n>` by default, numbered per transport. */
  readonly id?: string;
  /** The call's input, shown with it. */
  readonly input?: unknown;
  /** The call's result, sent with its `completed` state. */
  readonly output?: unknown;
  /** Why the call failed: sent with a `failed` state (the default last state when there is one). */
  readonly error?: string;
  /** The states it goes through, in order; `running` then `completed` (or `failed`, with an `error`) by default. */
  readonly states?: readonly ToolState[];
}

/** One item of a scripted todo list (the Composer's trusted `todo` event). */
export type ScriptedTodo = z.input<typeof TodoItem>;

/** A message event as a script writes it: the transport adds `message_id` and `sequence`. */
export type UnsequencedEvent = Extract<
  ServerEvent,
  { type: 'text_delta' | 'reasoning_start' | 'reasoning_delta' | 'reasoning_end' | 'tool' | 'todo' | 'attachment' | 'a2ui' }
> extends infer E
  ? E extends { message_id: string; sequence: number }
    ? Omit<E, 'message_id' | 'sequence'>
    : never
  : never;

/** Options of `view`, `envelope` and `a2ui`. */
export interface StepOptions {
  /** Skips the check: the content goes out as given, to test how the page copes with what the chat refuses. */
  readonly unchecked?: boolean;
}

/** Options of `a2ui`. */
export interface A2uiStepOptions extends StepOptions {
  /**
   * Surfaces created by earlier replies that these messages update, by surfaceId, with their catalog ID. A surface a
   * message names without creating it is taken as one of the basic catalog when it is not listed here.
   */
  readonly surfaces?: Readonly<Record<string, string>>;
}

/** One step of a scripted reply, in the order it streams. */
export type ReplyStep =
  | { readonly kind: 'text'; readonly text: string }
  /** A `mantis-ui` fence: the view's JSON (or, unchecked, any text) between the fence lines. */
  | { readonly kind: 'view'; readonly body: string }
  | { readonly kind: 'reasoning'; readonly text: string }
  | { readonly kind: 'tool'; readonly tool: ScriptedTool }
  | { readonly kind: 'todo'; readonly todos: readonly ScriptedTodo[] }
  | { readonly kind: 'envelope'; readonly envelope: unknown }
  | { readonly kind: 'a2ui'; readonly messages: readonly unknown[] }
  | { readonly kind: 'event'; readonly event: UnsequencedEvent }
  /** The reply ends with a server `error` about it (it shows as interrupted). */
  | { readonly kind: 'fail'; readonly code: string; readonly message: string };

const PROBE = { message_id: 'probe', sequence: 1 } as const;

/** Checks a server event as the chat's transport would; throws a ScriptError naming the step otherwise. */
function checkEvent(step: string, event: object): void {
  // A server error names its message but belongs to no sequence.
  const about = (event as { type?: unknown }).type === 'error' ? { message_id: PROBE.message_id } : PROBE;
  const parsed = ServerEvent.safeParse({ ...event, ...about });
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  throw new ScriptError(`${step}: not a valid Composer event${issue ? ` at /${issue.path.join('/')}: ${issue.message}` : ''}.`);
}

function checkString(step: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') throw new ScriptError(`${step}: expected a string, got ${value === null ? 'null' : typeof value}.`);
}

/** Checks a view the way the chat will render it; a view with children replaced by warnings is refused too. */
function checkView(view: unknown): string {
  let json: string;
  try {
    json = typeof view === 'string' ? view : JSON.stringify(view);
  } catch {
    throw new ScriptError('reply().view(): the view cannot be written as JSON.');
  }
  const result = validateView(typeof view === 'string' ? view : JSON.parse(json));
  const issues = result.issues.map((issue) => `${issue.path || '/'}: ${issue.message}`).join('; ');
  if (!result.ok) throw new ScriptError(`reply().view(): ${describeFailure(result.reason)}${issues ? ` ${issues}` : ''}`);
  if (result.issues.length > 0) throw new ScriptError(`reply().view(): some children would be replaced by warnings: ${issues}`);
  return json;
}

/** Checks an agent-ui@1 envelope: its schema, and for charts and map actions the built-in grammar and registry. */
function checkEnvelope(envelope: unknown): void {
  const parsed = parseEnvelope(envelope);
  // A registered component is checked against the page's registry when it renders: only its shape is known here.
  const checked = parsed.ok && parsed.value.kind === 'registered_component' ? parsed : validateEnvelope(envelope);
  if (!checked.ok) throw new ScriptError(`reply().envelope(): ${checked.reason}: ${checked.message}`);
}

const A2UI_KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;

/** Checks A2UI messages in order, as a renderer applies them. */
function checkA2ui(messages: readonly unknown[], surfaces: Readonly<Record<string, string>>): void {
  const created = new Set<string>();
  const known = new Map(Object.entries(surfaces));
  for (const message of messages) {
    for (const kind of A2UI_KINDS) {
      const payload = (message as Record<string, { surfaceId?: unknown } | undefined> | null)?.[kind];
      const id = payload?.surfaceId;
      if (typeof id !== 'string') continue;
      if (kind === 'createSurface') created.add(id);
      else if (!created.has(id) && !known.has(id)) known.set(id, BASIC_CATALOG_ID);
    }
  }
  const result = validateA2uiMessages([...messages], { catalogs: [BASIC_CATALOG, MANTIS_CATALOG], knownSurfaces: known });
  if (result.ok) return;
  const { path, message } = result.error;
  const surfaceId = 'surfaceId' in result.error ? result.error.surfaceId : '';
  const where = [result.index >= 0 ? `message ${result.index}` : '', surfaceId ? `surface "${surfaceId}"` : '', path ? `at ${path}` : ''].filter(Boolean).join(', ');
  throw new ScriptError(`reply().a2ui(): ${message}${where ? ` (${where})` : ''}`);
}

/**
 * A scripted reply, built step by step: `reply().text('Hello').view(view).text('Bye')`. Each method checks its step
 * and returns a new builder, so a shared beginning can be extended in several tests without one changing another.
 */
export class ReplyBuilder {
  /** The steps, in the order they stream. */
  readonly steps: readonly ReplyStep[];

  constructor(steps: readonly ReplyStep[] = []) {
    this.steps = steps;
  }

  #with(step: ReplyStep): ReplyBuilder {
    if (this.steps.at(-1)?.kind === 'fail') throw new ScriptError('reply(): nothing can follow fail(): the reply has ended.');
    return new ReplyBuilder([...this.steps, step]);
  }

  /** Markdown text, streamed as `text_delta` events. */
  text(text: string): ReplyBuilder {
    checkString('reply().text()', text);
    return this.#with({ kind: 'text', text });
  }

  /**
   * A view (`{"version":1,"id",…,"root"}`), written into the text as a `mantis-ui` fence on its own lines. It must
   * pass `validateView` whole; with `unchecked`, a string goes out as the fence's body, as a model might write it.
   */
  view(view: object | string, options: StepOptions = {}): ReplyBuilder {
    const body = options.unchecked ? (typeof view === 'string' ? view : JSON.stringify(view)) : checkView(view);
    return this.#with({ kind: 'view', body });
  }

  /** A reasoning run: `reasoning_start`, its text as `reasoning_delta` events, `reasoning_end`. */
  reasoning(text: string): ReplyBuilder {
    checkString('reply().reasoning()', text);
    return this.#with({ kind: 'reasoning', text });
  }

  /** A tool call: one `tool` event per state, the input with the first, the output with `completed`. */
  tool(tool: ScriptedTool): ReplyBuilder {
    const states = tool.states ?? (tool.error === undefined ? ['running', 'completed'] : ['running', 'failed']);
    if (states.length === 0 || states.some((state) => !(TOOL_STATES as readonly string[]).includes(state))) {
      throw new ScriptError(`reply().tool(): states must be some of ${TOOL_STATES.join(', ')}.`);
    }
    for (const state of states) checkEvent('reply().tool()', { type: 'tool', tool_call_id: tool.id ?? 'call', tool_name: tool.name, state, input: tool.input, output: tool.output, error: tool.error });
    return this.#with({ kind: 'tool', tool: { ...tool, states } });
  }

  /** The trusted todo list (a `todo` event); a later one replaces it. */
  todo(todos: readonly ScriptedTodo[]): ReplyBuilder {
    checkEvent('reply().todo()', { type: 'todo', todos });
    return this.#with({ kind: 'todo', todos });
  }

  /**
   * An agent-ui@1 envelope (`ui_envelope`), attached to this reply. Checked with the agent-ui@1 schemas; a chart
   * or map action also with the built-in grammar and registry (a registered component only by its shape).
   */
  envelope(envelope: object, options: StepOptions = {}): ReplyBuilder {
    if (!options.unchecked) checkEnvelope(envelope);
    return this.#with({ kind: 'envelope', envelope });
  }

  /** A2UI v0.9 messages (one `a2ui` event), checked in order with the basic and mantis catalogs. */
  a2ui(messages: readonly object[], options: A2uiStepOptions = {}): ReplyBuilder {
    if (!Array.isArray(messages) || messages.length === 0) throw new ScriptError('reply().a2ui(): expected a non-empty list of A2UI messages.');
    checkEvent('reply().a2ui()', { type: 'a2ui', messages });
    if (!options.unchecked) checkA2ui(messages, options.surfaces ?? {});
    return this.#with({ kind: 'a2ui', messages });
  }

  /** Any other message event (an `attachment`, say), checked with the Composer event schema. */
  event(event: UnsequencedEvent): ReplyBuilder {
    checkEvent('reply().event()', event);
    return this.#with({ kind: 'event', event });
  }

  /** Ends the reply with a server `error` about it instead of `message_end`: the chat shows it as interrupted. */
  fail(message = 'The agent failed.', code = 'scripted_failure'): ReplyBuilder {
    checkEvent('reply().fail()', { type: 'error', code, message });
    return this.#with({ kind: 'fail', code, message });
  }
}

/** Starts a scripted reply (see ReplyBuilder). */
export function reply(): ReplyBuilder {
  return new ReplyBuilder();
}

/** The fence a view step writes into the reply's text. */
export const fenceOf = (body: string): string => `\`\`\`${VIEW_FENCE_INFO}\n${body}\n\`\`\`\n`;
