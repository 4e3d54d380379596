import type * as z from 'zod/mini';
import { A2UI_ACTION_PREFIX, parseActionTurn, type ActionTurn } from '../../src/protocols/a2ui/action.js';
import { ClientActionSchema, ClientErrorSchema } from '../../src/protocols/a2ui/schema.js';
import { A2UI_VERSION, BASIC_CATALOG_ID, MINIMAL_CATALOG_ID } from '../../src/protocols/a2ui/types.js';
import { V1_BASIC_CATALOG_ID } from '../../src/protocols/a2ui/v1/id.js';
import { parseA2uiV1RendererMessage } from '../../src/protocols/a2ui/v1/index.js';
import { PROVIDER_SURFACE, providerSurface } from './a2ui-agent-functions.js';

/*
 * The reference agent's scripted A2UI v0.9 content (a2ui-v0.9/docs/a2ui_protocol.md, basic catalog) and the two ways
 * an A2UI action comes back (004_655f119d9cdaeeed.txt): the synthesized `[a2ui_action]` user turn, and the
 * first-class `client_action` frame. Everything here is pure: a2ui-composer.ts puts it on the wire.
 */

/** 004's synthesized user turn is read by the core (src/protocols/a2ui/action.ts), as the client writes it. */
export { A2UI_ACTION_PREFIX, BASIC_CATALOG_ID, V1_BASIC_CATALOG_ID, parseActionTurn };
/** The surface of the booking form, created by `a2ui form` and updated by `a2ui update` and by actions. */
export const BOOKING = 'booking';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** One A2UI server-to-client message (server_to_client.json). */
export type A2uiServerMessage = { version: typeof A2UI_VERSION | 'v0.9.1' } & (
  | { createSurface: { surfaceId: string; catalogId: string; sendDataModel?: boolean } }
  | { updateComponents: { surfaceId: string; components: Array<{ id: string; component: string; [prop: string]: Json }> } }
  | { updateDataModel: { surfaceId: string; path?: string; value?: Json } }
  | { deleteSurface: { surfaceId: string } }
);
type Component = Extract<A2uiServerMessage, { updateComponents: unknown }>['updateComponents']['components'][number];

// The booking form asks for its data model with every message the client sends (sendDataModel).
const create = (surfaceId: string): A2uiServerMessage => ({
  version: A2UI_VERSION,
  createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, sendDataModel: surfaceId === BOOKING },
});
const components = (surfaceId: string, list: Component[]): A2uiServerMessage => ({ version: A2UI_VERSION, updateComponents: { surfaceId, components: list } });
const data = (surfaceId: string, path: string, value: Json): A2uiServerMessage => ({ version: A2UI_VERSION, updateDataModel: { surfaceId, path, value } });
const text = (id: string, value: Json, variant?: string): Component => ({ id, component: 'Text', text: value, ...(variant ? { variant } : {}) });
const column = (id: string, children: string[]): Component => ({ id, component: 'Column', children });

/** The scripted A2UI replies a user's text asks for; the `[a2ui_action]` turn is told apart first. */
export type A2uiScript = 'form' | 'update' | 'cycle' | 'dangling' | 'image' | 'media' | 'minimal' | 'foreign' | 'v1' | 'call' | 'agent';

export function pickA2uiScript(userText: string): A2uiScript | null {
  const match = /\ba2ui (form|update|cycle|dangling|image|media|minimal|foreign|v1|call|agent)\b/i.exec(userText);
  return match ? (match[1]?.toLowerCase() as A2uiScript) : null;
}

/** The surface each script writes to. */
export const SCRIPT_SURFACES = { form: BOOKING, cycle: 'cycle', dangling: 'dangling', image: 'images', media: 'media', minimal: 'minimal', foreign: 'foreign', v1: 'checklist', call: 'checklist', agent: PROVIDER_SURFACE } as const;

const heading = (title: string): Component => text('heading', title, 'h2');

/**
 * A surface's messages. `created`: the session created the surface already (and did not delete it), so it is not
 * created again (createSurface on a live surface is an error); its components and data are sent again instead.
 */
export function scriptMessages(script: Exclude<A2uiScript, 'update'>, created: boolean): A2uiServerMessage[] {
  const surfaceId = SCRIPT_SURFACES[script];
  if (script === 'minimal' || script === 'foreign') return otherCatalog(script, created);
  if (script === 'v1') return v1Checklist(created);
  if (script === 'call') return [v1Call()];
  if (script === 'agent') return providerSurface(created) as unknown as A2uiServerMessage[];
  const messages = created ? [] : [create(surfaceId)];
  if (script === 'form') {
    const name = { path: '/form/name' };
    messages.push(
      components(BOOKING, [
        column('root', ['heading', 'status', 'name', 'seats', 'book']),
        heading('Book a table'),
        text('status', { path: '/status' }, 'caption'),
        { id: 'name', component: 'TextField', label: 'Name', value: name, variant: 'shortText' },
        {
          id: 'seats',
          component: 'ChoicePicker',
          label: 'Seats',
          variant: 'mutuallyExclusive',
          options: ['1', '2', '3'].map((n) => ({ label: n, value: n })),
          value: { path: '/form/seats' },
        },
        text('book-label', 'Book'),
        {
          id: 'book',
          component: 'Button',
          child: 'book-label',
          variant: 'primary',
          action: { event: { name: 'submit', context: { name, seats: { path: '/form/seats' } } } },
          checks: [{ condition: { call: 'required', args: { value: name }, returnType: 'boolean' }, message: 'Enter a name to book.' }],
        },
      ]),
      data(BOOKING, '/', { status: 'Fill in the form', form: { name: '', seats: ['1'] } }),
    );
  } else if (script === 'cycle') {
    // root → a → root: a renderer must not loop; it shows its fallback.
    messages.push(components(surfaceId, [column('root', ['a']), column('a', ['root'])]));
  } else if (script === 'dangling') {
    messages.push(components(surfaceId, [column('root', ['title', 'missing']), text('title', 'A child of this column does not exist.')]));
  } else if (script === 'media') {
    // Stored files play through the chat's media service; a remote address and a bound one never do.
    messages.push(
      components(surfaceId, [
        column('root', ['clip', 'tone', 'remote', 'bound']),
        { id: 'clip', component: 'Video', url: 'agent_files/demo/flow.webm', accessibility: { label: 'Flow at J-101' } },
        { id: 'tone', component: 'AudioPlayer', url: 'agent_files/demo/alarm-tone.wav', description: 'The alarm tone' },
        { id: 'remote', component: 'Video', url: 'https://example.com/clip.mp4', accessibility: { label: 'A remote clip' } },
        { id: 'bound', component: 'AudioPlayer', url: { path: '/tone' }, description: 'A bound tone' },
      ]),
      data(surfaceId, '/', { tone: 'agent_files/demo/alarm-tone.wav' }),
    );
  } else {
    // Nothing here may make the client send a request: an image URL bound to what the user types, a remote image,
    // and a link the user has to follow themself.
    messages.push(
      components(surfaceId, [
        column('root', ['secret', 'bound', 'remote', 'open']),
        { id: 'secret', component: 'TextField', label: 'Secret', value: { path: '/secret' } },
        { id: 'bound', component: 'Image', url: { path: '/secret' }, description: 'Bound to the secret field' },
        { id: 'remote', component: 'Image', url: 'https://example.com/remote.png', description: 'A remote image' },
        text('open-label', 'Open example.com'),
        { id: 'open', component: 'Button', child: 'open-label', action: { functionCall: { call: 'openUrl', args: { url: 'https://example.com/' }, returnType: 'void' } } },
      ]),
      data(surfaceId, '/', { secret: 'https://example.com/tracker.png?secret=1' }),
    );
  }
  return messages;
}

/**
 * A surface as an agent we did not write sends it: `minimal`, on the specification's minimal catalog in v0.9.1
 * messages (a greeting through its `capitalize`); `foreign`, on a catalog no client renders (its createSurface is
 * refused, and so is everything after it).
 */
function otherCatalog(script: 'minimal' | 'foreign', created: boolean): A2uiServerMessage[] {
  const surfaceId = SCRIPT_SURFACES[script];
  const catalogId = script === 'minimal' ? MINIMAL_CATALOG_ID : 'https://example.com/a2ui/catalogs/holograms.json';
  const list: Component[] =
    script === 'minimal'
      ? [
          column('root', ['greeting', 'name']),
          text('greeting', { call: 'capitalize', args: { value: { path: '/name' } }, returnType: 'string' }, 'h3'),
          { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' }, validationRegexp: '^\\p{L}+$' },
        ]
      : [{ id: 'root', component: 'Hologram', text: 'Not in any catalog you render' }];
  return [
    ...(created ? [] : [{ version: 'v0.9.1', createSurface: { surfaceId, catalogId } } as const]),
    { version: 'v0.9.1', updateComponents: { surfaceId, components: list } },
    { version: 'v0.9.1', updateDataModel: { surfaceId, path: '/', value: { name: 'ada' } } },
  ];
}

/**
 * `a2ui v1`: surface `checklist` in A2UI v1.0 (the release candidate), as one message: a createSurface that carries its
 * components and data model, a list template that numbers its items with `@index`, and a live status line. Sent
 * again, the surface exists: its data model's `done` is deleted (`null`) instead.
 */
function v1Checklist(created: boolean): A2uiServerMessage[] {
  const surfaceId = SCRIPT_SURFACES.v1;
  const message = created
    ? { version: 'v1.0', updateDataModel: { surfaceId, path: '/done', value: null } }
    : {
        version: 'v1.0',
        createSurface: {
          surfaceId,
          catalogId: V1_BASIC_CATALOG_ID,
          components: [
            { id: 'root', component: 'Column', children: ['title', 'steps', 'status'] },
            { id: 'title', component: 'Text', text: '# Before you travel' },
            { id: 'steps', component: 'List', children: { componentId: 'step', path: '/steps' } },
            { id: 'step', component: 'Row', children: ['number', 'label'] },
            { id: 'number', component: 'Text', text: { call: '@index', args: { offset: 1 } }, variant: 'caption' },
            { id: 'label', component: 'Text', text: { path: 'label' } },
            { id: 'status', component: 'Text', text: { path: '/done' }, accessibility: { live: 'polite' } },
          ],
          dataModel: { steps: [{ label: 'Passport' }, { label: 'Tickets' }], done: 'Nothing packed yet.' },
        },
      };
  // The v0.9 type of these scripts does not know v1.0: the chat reads it by its version.
  return [message as unknown as A2uiServerMessage];
}

let calls = 0;

/**
 * `a2ui call`: an A2UI v1.0 callRendererFunction of the basic catalog's formatString. Every basic function is
 * rendererOnly, so the client answers it with an `INVALID_FUNCTION_CALL` error naming the call's ID (`a2ui_error`);
 * a client whose catalog let the agent call it would answer with a rendererFunctionResponse (`a2ui_function`).
 */
function v1Call(): A2uiServerMessage {
  const message = {
    version: 'v1.0',
    callRendererFunction: { functionCallId: `call-${++calls}`, callFunction: { call: 'formatString', catalogId: V1_BASIC_CATALOG_ID, args: { value: 'Hello' } } },
  };
  return message as unknown as A2uiServerMessage;
}

/** `a2ui update`: the same booking surface, a new heading and status naming the turn. */
export const bookingUpdate = (turn: number): A2uiServerMessage[] => [
  components(BOOKING, [heading(`Book a table (turn ${turn})`)]),
  data(BOOKING, '/status', `Updated at turn ${turn}`),
];

/** A user action (client_to_server.json `action`), as the core's schema reads it. */
export type A2uiAction = z.infer<typeof ClientActionSchema>['action'];
/** A client error report (client_to_server.json `error`). */
export type A2uiErrorReport = z.infer<typeof ClientErrorSchema>['error'] | { readonly code: string; readonly functionCallId: string; readonly message: string };

/**
 * A frame's v1.0 renderer-to-agent message of one kind, as renderer_to_agent.json has it (checked by the core's
 * parseA2uiV1RendererMessage): its payload, or why it is not one (`what` names it in the reason).
 */
function parseV1<T>(a2ui: unknown, kind: string, what: string): { ok: true; value: T } | { ok: false; reason: string } {
  const v1 = parseA2uiV1RendererMessage(a2ui);
  if (!v1.ok) return { ok: false, reason: `invalid A2UI ${what} at ${v1.path}: ${v1.message}` };
  return v1.kind === kind ? { ok: true, value: v1.message[kind] as T } : { ok: false, reason: `expected ${kind}, not ${v1.kind}` };
}

const isV1 = (a2ui: unknown): boolean => (a2ui as { version?: unknown } | null)?.version === 'v1.0';

/** The A2UI message of an `a2ui_function` frame: a v1.0 rendererFunctionResponse. */
export function parseA2uiFunctionAnswer(a2ui: unknown): { ok: true; answer: Record<string, unknown> } | { ok: false; reason: string } {
  const parsed = parseV1<Record<string, unknown>>(a2ui, 'rendererFunctionResponse', 'function answer');
  return parsed.ok ? { ok: true, answer: parsed.value } : parsed;
}

const issue = (error: z.core.$ZodError): string => {
  const first = error.issues[0];
  return first ? `/${first.path.join('/')}: ${first.message}` : 'invalid';
};

/** The A2UI message of a `client_action` frame: exactly `version` and a valid `action` (v0.9's, or v1.0's). */
export function parseClientAction(a2ui: unknown): { ok: true; action: A2uiAction } | { ok: false; reason: string } {
  // An action on a v1.0 surface is a v1.0 message.
  if (isV1(a2ui)) {
    const parsed = parseV1<A2uiAction>(a2ui, 'action', 'action');
    return parsed.ok ? { ok: true, action: parsed.value } : parsed;
  }
  const parsed = ClientActionSchema.safeParse(a2ui);
  return parsed.success ? { ok: true, action: parsed.data.action } : { ok: false, reason: `invalid A2UI action at ${issue(parsed.error)}` };
}

/**
 * The A2UI message of an `a2ui_error` frame: exactly `version` and an `error` (VALIDATION_FAILED needs a `path`); a
 * v1.0 one as renderer_to_agent.json has it (an error about a function call names the call instead of a surface).
 */
export function parseA2uiError(a2ui: unknown): { ok: true; error: A2uiErrorReport } | { ok: false; reason: string } {
  if (isV1(a2ui)) {
    const parsed = parseV1<A2uiErrorReport>(a2ui, 'error', 'error');
    return parsed.ok ? { ok: true, error: parsed.value } : parsed;
  }
  const parsed = ClientErrorSchema.safeParse(a2ui);
  return parsed.success ? { ok: true, error: parsed.data.error } : { ok: false, reason: `invalid A2UI error at ${issue(parsed.error)}` };
}

/**
 * The agent's answer to an action, as a synthesized turn or a client action: a booking on the booking form, told in
 * text and written to the form's status. Any other action is acknowledged in text only.
 */
export function actionReply(action: Pick<ActionTurn, 'surfaceId' | 'name'> & { readonly context: Readonly<Record<string, unknown>> }): { text: string; messages: A2uiServerMessage[] } {
  const name = typeof action.context.name === 'string' ? action.context.name.trim().slice(0, 100) : '';
  if (action.surfaceId !== BOOKING || action.name !== 'submit') {
    return { text: `Noted the ${action.name} action on the ${action.surfaceId} surface.`, messages: [] };
  }
  if (!name) return { text: 'The booking has no name, so I did not book anything.', messages: [] };
  const seats = action.context.seats;
  const count = Array.isArray(seats) ? seats.map(String).join(', ') : typeof seats === 'string' || typeof seats === 'number' ? String(seats) : '?';
  return { text: `Booked for ${name}.`, messages: [data(BOOKING, '/status', `Booked: ${name} (${count})`)] };
}
