import { A2UI_LIMITS } from './limits.js';
import { checkPlainJson } from './plain-json.js';
import { FORBIDDEN_SEGMENTS } from './pointer.js';
import { ClientMessageSchema } from './schema.js';
import { A2UI_ACTION_PREFIX, A2UI_VERSION, type A2uiAction, type A2uiClientMessage, type A2uiError, type JsonObject } from './types.js';

/*
 * A user action going back to the agent. Where the server takes no first-class client action, it goes as a
 * synthesized user turn (004_655f119d9cdaeeed.txt, "The action round-trip"):
 *
 *   [a2ui_action] surface=trip-form source=submit-btn name=submit
 *   context:
 *   { …the resolved context, JSON.stringify(context, null, 2)… }
 *
 * The first line separates its three values with spaces, so a value that is empty or holds whitespace, a `"` or a
 * `\` is written as a JSON string literal (`surface="my form"`) instead of bare: every value round-trips through
 * parseActionTurn, and ordinary ids read exactly as 004 shows them.
 */

export { A2UI_ACTION_PREFIX } from './types.js';

/** What an action turn says (its timestamp is not part of the text). */
export interface ActionTurn {
  readonly surfaceId: string;
  readonly sourceComponentId: string;
  readonly name: string;
  readonly context: JsonObject;
}

/** A value written bare: non-empty, and nothing a reader could split on or mistake for a quoted value. */
const BARE = /^[^\s"\\]+$/;
const token = (value: string): string => (BARE.test(value) ? value : JSON.stringify(value));

/** The synthesized user turn of an action. */
export function formatActionTurn(action: A2uiAction): string {
  const head = `${A2UI_ACTION_PREFIX} surface=${token(action.surfaceId)} source=${token(action.sourceComponentId)} name=${token(action.name)}`;
  return `${head}\ncontext:\n${JSON.stringify(action.context, null, 2)}`;
}

const VALUE = String.raw`([^\s"\\]+|"(?:[^"\\]|\\.)*")`;
const HEAD = new RegExp(String.raw`^\[a2ui_action\] surface=${VALUE} source=${VALUE} name=${VALUE}\ncontext:\n`);

const untoken = (text: string): string | null => {
  if (!text.startsWith('"')) return text;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
};

/** An action turn read back, or `null` for any text that is not exactly what formatActionTurn writes. */
export function parseActionTurn(text: string): ActionTurn | null {
  if (typeof text !== 'string' || !text.startsWith(A2UI_ACTION_PREFIX)) return null;
  const head = HEAD.exec(text);
  if (!head) return null;
  const [surfaceId, sourceComponentId, name] = [untoken(head[1] ?? ''), untoken(head[2] ?? ''), untoken(head[3] ?? '')];
  if (surfaceId === null || sourceComponentId === null || name === null) return null;
  let context: unknown;
  try {
    // Plain JSON by construction (no functions, no cycles); keys that name a prototype are refused.
    context = JSON.parse(text.slice(head[0].length), (key: string, value: unknown) => {
      if (FORBIDDEN_SEGMENTS.has(key)) throw new SyntaxError('forbidden key');
      return value;
    });
  } catch {
    return null;
  }
  if (typeof context !== 'object' || context === null || Array.isArray(context)) return null;
  const turn = { surfaceId, sourceComponentId, name, context: context as JsonObject };
  // Only what formatActionTurn writes, byte for byte: no other spacing, no other quoting. (Writing a context nested
  // deeper than the stack allows throws: not a turn either.)
  try {
    return formatActionTurn({ ...turn, timestamp: '' }) === text ? turn : null;
  } catch {
    return null;
  }
}

/** client_to_server.json `action`. */
export function actionMessage(action: A2uiAction): A2uiClientMessage {
  return { version: A2UI_VERSION, action };
}

/** client_to_server.json `error`. */
export function errorMessage(error: A2uiError): A2uiClientMessage {
  return { version: A2UI_VERSION, error };
}

/** A client-to-server message checked against client_to_server.json (plain JSON first), or `null`. Never throws. */
export function parseClientMessage(json: unknown): A2uiClientMessage | null {
  try {
    if (checkPlainJson(json, { depth: A2UI_LIMITS.jsonDepth, stringChars: A2UI_LIMITS.dataModelBytes })) return null;
    const parsed = ClientMessageSchema.safeParse(json);
    return parsed.success ? (parsed.data as A2uiClientMessage) : null;
  } catch {
    return null;
  }
}
