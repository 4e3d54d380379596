import { BASIC_CATALOG, type CatalogDefinition } from './catalog-basic.js';
import { objectShape, schemaOf, shapeOf } from './prompt-shape.js';
import { A2UI_ACTION_PREFIX } from './types.js';

/*
 * The backend prompt for A2UI (issue 31; 004_655f119d9cdaeeed.txt, "The action round-trip"): what a model needs to
 * compose surfaces on the given catalogs, generated from the schemas the renderer validates with. Slim by design: one
 * line per component and function in the notation of prompt-shape.ts, the messages and their rules, the
 * `[a2ui_action]` convention and the "prefer updateDataModel" rule, and one example that validates (a test checks it).
 * Not the schema dump: the basic catalog's minified catalog.json is about four times as many tokens (7,280 to 1,750).
 */

export interface A2uiPromptOptions {
  /** The catalogs the model may use (default: the basic catalog). A surface names one of them in createSurface. */
  readonly catalogs?: readonly CatalogDefinition[];
  /** The protocol version the model writes (v0.9 for now; v1.0 comes with its renderer). */
  readonly version?: 'v0.9';
}

/** The types of the notation, each with the names a catalog's lines must use for it to be said. */
const TYPE_LINES: readonly (readonly [readonly string[], string])[] = [
  [['Str', 'Num', 'Bool', 'StrList', 'Value'], '- Str = string | {"path": "/pointer"} (bound to the data model) | a function call returning a string. Num, Bool and StrList (string[]) likewise; Value is any of them.'],
  [['Children'], '- Children = ["id", …] | {"componentId": "id", "path": "/list"}: the component repeated for each item of the list, its relative paths ("name") read in the item.'],
  [['Action'], '- Action = {"event": {"name": string, "context"?: {key: Value}}}: sent back to you.'],
  [['Check'], '- Check = {"condition": Bool, "message": string}: the message shows while the condition is false (a Button with a failing check is disabled).'],
  [['Str'], '- child, trigger, content and a tab\'s child are component ids.'],
];

/** Properties every component has, said once in the prompt rather than on each line. */
const COMMON = ['id', 'component', 'accessibility', 'weight'];

/**
 * The example surface of the prompt, on `catalog` (test/node/a2ui-prompt.test.ts validates it on each of ours): a
 * Column with a heading, a bound TextField (with a `required` check when the catalog has it) and a Button whose event
 * carries the name; none when the catalog lacks one of those components.
 */
export function a2uiPromptExample(catalog: CatalogDefinition): object[] {
  if (!['Column', 'Text', 'TextField', 'Button'].every((name) => name in catalog.components)) return [];
  const name = { path: '/name' };
  const check = catalog.functions.has('required') ? { checks: [{ condition: { call: 'required', args: { value: name } }, message: 'Enter your name.' }] } : {};
  const at = { surfaceId: 'rsvp' };
  return [
    { version: 'v0.9', createSurface: { ...at, catalogId: catalog.catalogId } },
    {
      version: 'v0.9',
      updateComponents: {
        ...at,
        components: [
          { id: 'root', component: 'Column', children: ['title', 'name', 'send'] },
          { id: 'title', component: 'Text', text: 'Join the dinner', variant: 'h3' },
          { id: 'name', component: 'TextField', label: 'Your name', value: name, ...check },
          { id: 'send-label', component: 'Text', text: 'Send' },
          { id: 'send', component: 'Button', child: 'send-label', variant: 'primary', action: { event: { name: 'rsvp', context: { name } } } },
        ],
      },
    },
    { version: 'v0.9', updateDataModel: { ...at, path: '/name', value: '' } },
  ];
}

/** A line per component and function of each catalog; a catalog (or a component) the lines already hold is not written again. */
function catalogLines(catalogs: readonly CatalogDefinition[]): string[] {
  const lines: string[] = [];
  const written = new Set<unknown>();
  const seen: CatalogDefinition[] = [];
  for (const catalog of catalogs) {
    const same = seen.find((other) => other.components === catalog.components && other.functionCalls === catalog.functionCalls);
    if (same) {
      lines.push(`Catalog "${catalog.catalogId}": the same as "${same.catalogId}".`);
      continue;
    }
    seen.push(catalog);
    lines.push(`Catalog "${catalog.catalogId}". Components:`);
    const again: string[] = [];
    for (const [name, schema] of Object.entries(catalog.components)) {
      if (written.has(schema)) again.push(name);
      else lines.push(`- ${name} ${objectShape(schemaOf(schema), COMMON)}`);
      written.add(schema);
    }
    if (again.length > 0) lines.push(`- as above: ${again.join(', ')}`);
    const calls = catalog.functionCalls ?? {};
    const fns: string[] = [];
    const repeated: string[] = [];
    for (const name of catalog.functions) {
      const schema = calls[name];
      if (schema && written.has(schema)) {
        repeated.push(name);
        continue;
      }
      if (schema) written.add(schema);
      const properties = ((schema ? schemaOf(schema) : {})['properties'] ?? {}) as Record<string, Record<string, unknown>>;
      const args = properties['args'] ? shapeOf(properties['args']) : '{…}';
      const returns = properties['returnType']?.['const'];
      fns.push(`- ${name} ${args}${typeof returns === 'string' ? ` → ${returns}` : ''}`);
    }
    lines.push('Functions (call: {"call": name, "args": {…}}):', ...fns, ...(repeated.length > 0 ? [`- as above: ${repeated.join(', ')}`] : []));
  }
  return lines;
}

/** The A2UI part of a backend's system prompt, for the given catalogs. */
export function buildA2uiPrompt(options: A2uiPromptOptions = {}): string {
  const catalogs = options.catalogs ?? [BASIC_CATALOG];
  const version = options.version ?? 'v0.9';
  const lines = catalogLines(catalogs);
  const text = lines.join('\n');
  // A type, a rule of what the catalogs do not have is left out: a small catalog gets a short prompt.
  const uses = (word: string): boolean => new RegExp(`\\b${word}\\b`).test(text);
  const example = catalogs[0] ? a2uiPromptExample(catalogs[0]) : [];
  return [
    `# Interactive UI (A2UI ${version})`,
    `Show UI by sending A2UI messages, each a JSON object {"version": "${version}", <one payload>}:`,
    '- createSurface {surfaceId, catalogId, theme?: {primaryColor?: "#rrggbb"}, sendDataModel?: boolean}: first, once per surface; catalogId names a catalog below.',
    '- updateComponents {surfaceId, components}: components as a flat list, each {id, component, ...its properties}; one has the id "root"; a component refers to others by id. Sent again, a component replaces the one with its id: send only what changed.',
    '- updateDataModel {surfaceId, path?, value?}: sets the value at a JSON Pointer (default "/": the whole model, an object); no value removes it.',
    '- deleteSurface {surfaceId}.',
    'Types used below:',
    ...TYPE_LINES.filter(([names]) => names.some((name) => uses(name))).map(([, line]) => line),
    'Every component also has id (unique in its surface), component (its name), accessibility?: {label?: Str, description?: Str}, weight?: number (its share of a Row or Column).',
    ...lines,
    'Rules:',
    '- Bind inputs to the data model with {"path"}; an event\'s context reading the same paths brings you what the user entered.',
    `- When the user acts, you get a user turn starting ${A2UI_ACTION_PREFIX} surface=<surfaceId> source=<component id> name=<event name>, then "context:" and its JSON. Answer it by changing that same surface: prefer updateDataModel against the paths it binds; send updateComponents only when its structure must change.`,
    ...(uses('openUrl') ? ['- An Action may also be {"functionCall": {"call": "openUrl", "args": {"url": "https://…"}}}: the address opens after the user confirms.'] : []),
    ...(uses('regex') || uses('validationRegexp') ? ['- Regular expressions (regex, validationRegexp) may not use lookaround or backreferences; \\p{…} works.'] : []),
    ...(uses('Image') || uses('Video') || uses('AudioPlayer') ? ['- Images, videos and sounds show only "agent_files/…" keys of stored files.'] : []),
    ...(example.length > 0 ? ['Example:', ...example.map((message) => JSON.stringify(message))] : []),
  ].join('\n');
}
