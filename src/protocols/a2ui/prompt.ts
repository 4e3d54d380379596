import type * as z from 'zod/mini';
import { BASIC_CATALOG, type CatalogDefinition } from './catalog-basic.js';
import { objectShape, readJson, schemaOf, shapeOf } from './prompt-shape.js';
import { A2UI_ACTION_PREFIX } from './types.js';

/*
 * The backend prompt for A2UI (issue 31; 004_655f119d9cdaeeed.txt, "The action round-trip"): what a model needs to
 * compose surfaces on the given catalogs, in v0.9 or v1.0, generated from the schemas the renderer validates with.
 * Slim by design: one line per component shape and function in the notation of prompt-shape.ts, the messages and
 * their rules, the `[a2ui_action]` convention and the "prefer updateDataModel" rule, and one example that validates
 * (a test checks it). Not the schema dump: the basic catalog's minified catalog.json is about four times as many
 * tokens (7,280 to 1,626).
 */

export interface A2uiPromptOptions {
  /**
   * The catalogs the model may use, all of the prompt's version (default: the basic v0.9 catalog; for v1.0,
   * `V1_BASIC_CATALOG` of mantis-ui/a2ui-v1, or catalogs of `protocolVersion` 1.0). A surface names one of them.
   */
  readonly catalogs?: readonly CatalogDefinition[];
  /** The protocol version the model writes: `v0.9` or `v1.0`; by default v1.0 when every catalog is, else v0.9. */
  readonly version?: 'v0.9' | 'v1.0';
}

/** The types of the notation, each with the names a catalog's lines must use for it to be said. */
const TYPE_LINES: readonly (readonly [readonly string[], string])[] = [
  [['Str', 'Num', 'Bool', 'StrList', 'Value'], '- Str = string | {"path": "/pointer"} (the data model) | a call giving a string; Num, Bool, StrList (string[]) alike; Value: any of these.'],
  [['Id'], '- Id = component id.'],
  [['Children'], '- Children = ["id", …] | {"componentId": "id", "path": "/list"} (once per item; relative paths ("name") read the item).'],
  [['Action'], '- Action = {"event": {"name": string, "context"?: {key: Value}}}: sent back to you.'],
  [['Check'], '- Check = {"condition": {"path"} | a call, "message": string}: shown while it fails; a Button failing one is disabled.'],
];

/** Properties every component has, said once in the prompt rather than on each line. */
const COMMON = ['id', 'component', 'accessibility', 'weight', 'catalogId', 'metadata'];

/**
 * The example surface of the prompt, on `catalog` (test/node/a2ui-prompt.test.ts validates it on each of ours): a
 * Column with a title, a bound TextField (with a `required` check when the catalog has it) and a Button whose event
 * carries the name; none when the catalog lacks one of those components. In the catalog's version (v1.0 for one of
 * `protocolVersion` 1.0).
 */
export function a2uiPromptExample(catalog: CatalogDefinition): object[] {
  if (!['Column', 'Text', 'TextField', 'Button'].every((name) => name in catalog.components)) return [];
  const name = { path: '/name' };
  const check = catalog.functions.has('required') ? { checks: [{ condition: { call: 'required', args: { value: name } }, message: 'Enter your name.' }] } : {};
  const at = { surfaceId: 'rsvp' };
  const version = catalog.protocolVersion === '1.0' ? 'v1.0' : 'v0.9';
  return [
    { version, createSurface: { ...at, catalogId: catalog.catalogId } },
    {
      version,
      updateComponents: {
        ...at,
        components: [
          { id: 'root', component: 'Column', children: ['title', 'name', 'send'] },
          { id: 'title', component: 'Text', text: 'Join the dinner' },
          { id: 'name', component: 'TextField', label: 'Your name', value: name, ...check },
          { id: 'label', component: 'Text', text: 'Send' },
          { id: 'send', component: 'Button', child: 'label', variant: 'primary', action: { event: { name: 'rsvp', context: { name } } } },
        ],
      },
    },
    { version, updateDataModel: { ...at, path: '/name', value: '' } },
  ];
}

/**
 * A line per component shape and function signature of each catalog (components, or functions, of one shape share it);
 * a catalog (or a component or function) the lines already hold is not written again.
 */
function catalogLines(catalogs: readonly CatalogDefinition[]): string[] {
  const lines: string[] = [];
  const written = new Set<unknown>();
  const seen: CatalogDefinition[] = [];
  for (const catalog of catalogs) {
    const same = seen.find((other) => other.components === catalog.components && other.functionCalls === catalog.functionCalls);
    if (same) {
      lines.push(`Catalog ${JSON.stringify(catalog.catalogId)}: the same as ${JSON.stringify(same.catalogId)}.`);
      continue;
    }
    seen.push(catalog);
    const calls = catalog.functionCalls ?? {};
    // A catalog given as JSON is written from its document's schemas (its Zod ones only run checks); one the document
    // lacks (a definition spread with others) from its Zod schema.
    const { json } = catalog;
    const read = (schema: z.ZodMiniType | undefined, source?: Readonly<Record<string, unknown>>, name = ''): Record<string, unknown> =>
      json && source?.[name] !== undefined ? readJson(source[name], json) : schema ? schemaOf(schema) : {};
    /** A function's arguments and what it gives. */
    const signature = (name: string, schema: z.ZodMiniType | undefined): string => {
      const properties = (read(schema, json?.calls, name)['properties'] ?? {}) as Record<string, Record<string, unknown>>;
      const returns = catalog.returns?.[name] ?? properties['returnType']?.['const'];
      // (A type is a word: a document's `returnType` that is not one is not written.)
      return `${properties['args'] ? shapeOf(properties['args']) : '{…}'}${typeof returns === 'string' && /^\w+$/.test(returns) ? ` → ${returns}` : ''}`;
    };
    const groups: readonly (readonly [string, readonly (readonly [string, z.ZodMiniType | undefined])[], (name: string, schema: z.ZodMiniType | undefined) => string])[] = [
      [`Catalog ${JSON.stringify(catalog.catalogId)}. Components:`, Object.entries(catalog.components), (name, schema) => objectShape(read(schema, json?.components, name), COMMON)],
      ['Functions (call: {"call": name, "args": {…}}):', [...catalog.functions].map((name) => [name, calls[name]] as const), signature],
    ];
    for (const [head, entries, shape] of groups) {
      const again: string[] = [];
      const shapes = new Map<string, string[]>();
      for (const [name, schema] of entries) {
        if (schema && written.has(schema)) again.push(name);
        else {
          const text = shape(name, schema);
          shapes.set(text, [...(shapes.get(text) ?? []), name]);
        }
        written.add(schema);
      }
      lines.push(head, ...[...shapes].map(([text, names]) => `- ${names.join(', ')} ${text}`), ...(again.length > 0 ? [`- as above: ${again.join(', ')}`] : []));
    }
  }
  return lines;
}

/** The A2UI part of a backend's system prompt, for the given catalogs (of the version it writes). */
export function buildA2uiPrompt(options: A2uiPromptOptions = {}): string {
  const catalogs = options.catalogs ?? [BASIC_CATALOG];
  const version = options.version ?? (catalogs.length > 0 && catalogs.every((catalog) => catalog.protocolVersion === '1.0') ? 'v1.0' : 'v0.9');
  const v1 = version === 'v1.0';
  const lines = catalogLines(catalogs);
  const text = lines.join('\n');
  // A type, a rule of what the catalogs do not have is left out: a small catalog gets a short prompt.
  const uses = (word: string): boolean => new RegExp(`\\b${word}\\b`).test(text);
  const regexes = ['regex', 'validationRegexp'].filter(uses);
  const example = catalogs[0] ? a2uiPromptExample(catalogs[0]) : [];
  return [
    `# Interactive UI (A2UI ${version})`,
    `Show UI with A2UI messages, JSON objects {"version": "${version}", <one of>}:`,
    `- createSurface {surfaceId, catalogId, ${v1 ? 'components?, dataModel?: object' : 'theme?: {primaryColor?: "#rrggbb"}'}, sendDataModel?: boolean}: first, once per surface.`,
    '- updateComponents {surfaceId, components}: a flat list of {id, component, ...properties}, one with id "root", naming others by id; a component sent again replaces its id\'s, so send only changes.',
    `- updateDataModel {surfaceId, path?, value${v1 ? '' : '?'}}: sets a JSON Pointer (default "/": the whole model, an object); ${v1 ? 'null' : 'no value'} removes it.`,
    '- deleteSurface {surfaceId}.',
    'Types:',
    ...TYPE_LINES.filter(([names]) => names.some(uses)).map(([, line]) => line),
    `All components have id (unique per surface), component, accessibility?: {label?: Str, description?: Str}${uses('Row') ? ', weight?: number (share of a Row or Column)' : ''}.${v1 ? ' A component or call from another catalog names it: catalogId.' : ''}`,
    ...lines,
    // Each v1.0 catalog's own guidelines for the model ("These rules guide LLMs when generating UI layouts under this
    // catalog"), as written: after every line above, and not read for which rules apply.
    ...catalogs.flatMap((catalog) => (catalog.instructions ? [`Guidelines of ${JSON.stringify(catalog.catalogId)}:`, catalog.instructions] : [])),
    'Rules:',
    '- Bind inputs with {"path"}; an event\'s context reading those paths brings you the input.',
    uses('formatString') && '- Join data into text by formatString ("Hi ${/name}"); there is no +.',
    // The v1.0 basic catalog's guidelines (its catalog.json `instructions`) that the lines above do not already say.
    v1 && '- Nest as asked ("inside" is a child); a check\'s message is its error (no Text for errors).',
    `- A user's action comes as a user turn starting ${A2UI_ACTION_PREFIX} surface=<surfaceId> source=<component id> name=<event name>, then "context:" and its JSON. Answer by changing that surface: prefer updateDataModel of its bound paths; updateComponents only when its structure must change.`,
    uses('openUrl') && '- An Action may also be {"functionCall": {"call": "openUrl", "args": {"url": "https://…"}}}: it opens after the user confirms.',
    regexes.length > 0 && `- Regular expressions (${regexes.join(', ')}): no lookaround or backreferences; \\p{…} works.`,
    /\b(Image|Video|AudioPlayer)\b/.test(text) && '- Images, videos and sounds show only "agent_files/…" keys of stored files.',
    example.length > 0 && 'Example:', ...example.map((message) => JSON.stringify(message)),
  ]
    .filter(Boolean)
    .join('\n');
}
