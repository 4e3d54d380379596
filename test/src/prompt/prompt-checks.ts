/*
 * Checks of the generated inline-UI prompt, shared by the browser test (test/src/prompt/inline-ui-prompt.test.ts)
 * and the Node test (test/node/prompt.test.ts). Each returns the problems it finds, in words; none means pass.
 * They read the prompt as text, the way a model does, and compare it with JSON Schemas derived here, straight from
 * the exported Zod schemas, not with anything the prompt module computed.
 */
import * as z from 'zod/mini';
import { ACTION_TYPES, Action, CONTAINER_SCHEMAS, LEAF_SCHEMAS, LIMITS, NODE_TYPES, READ_ONLY_ACTIONS, RESERVED_IDS, TEXT_LIMITS, parseAssistantText, validateView, type ActionType, type NodeType } from '../../../src/index.js';
import { INLINE_UI_EXAMPLES, NODE_DESCRIPTIONS, buildInlineUiPrompt } from '../../../src/prompt/index.js';
import { ACTION_NOTES } from '../../../src/prompt/inline-ui-prompt.js';

export interface SchemaNode {
  type?: string;
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
}

export const jsonSchema = (schema: z.ZodMiniType): SchemaNode =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;

const ALL_SCHEMAS: Record<NodeType, z.ZodMiniType> = { ...CONTAINER_SCHEMAS, ...LEAF_SCHEMAS };

export const componentSchema = (type: NodeType): SchemaNode => jsonSchema(ALL_SCHEMAS[type]);

export function actionSchema(type: ActionType): SchemaNode {
  const option = (jsonSchema(Action).oneOf ?? []).find((o) => o.properties?.type?.const === type);
  if (!option) throw new Error(`no schema for action ${type}`);
  return option;
}

/** The body of every ```mantis-ui fence in the text, in order. */
export function extractViewFences(text: string): string[] {
  return [...text.matchAll(/^```mantis-ui\n([\s\S]*?)\n```$/gm)].map((match) => match[1] as string);
}

/** The text under a Markdown heading line, up to the next heading of the same or a higher level. */
export function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return '';
  const level = /^#+/.exec(heading)?.[0].length ?? 1;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** The line documenting one action in the Actions section, with its indented notes. */
export function actionLines(text: string, type: ActionType): string {
  const lines = section(text, '## Actions').split('\n');
  const start = lines.findIndex((line) => line.startsWith(`- ${type}: `));
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('  '));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/**
 * Every property name of a schema, nested objects and arrays included, as dotted paths. An action union is not
 * entered: actions are documented once, in the Actions section.
 */
export function fieldPaths(schema: SchemaNode, prefix = ''): string[] {
  const options = schema.oneOf ?? schema.anyOf;
  if (options) {
    if (options.every((o) => ACTION_TYPES.includes(o.properties?.type?.const as ActionType))) return [];
    return options.flatMap((o) => fieldPaths(o, prefix));
  }
  if (schema.items) return fieldPaths(schema.items, prefix);
  return Object.entries(schema.properties ?? {}).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...fieldPaths(value, path)];
  });
}

/**
 * Fields of a schema whose name does not appear, as a quoted JSON key, in the documentation text. Examples do not
 * count: a field must be in the documented shape, not only used by an example.
 */
export function undocumentedFields(documentation: string, schema: SchemaNode): string[] {
  const prose = documentation.replace(/^```mantis-ui\n[\s\S]*?\n```$/gm, '');
  return fieldPaths(schema).filter((path) => !prose.includes(`"${path.split('.').pop()}"`));
}

/** Problems with the examples: each fence must be a complete view that validates with no issues at all. */
export function exampleProblems(text: string, mode: 'orchestrator' | 'ask' = 'orchestrator'): string[] {
  const problems: string[] = [];
  const fences = extractViewFences(text);
  if (fences.length === 0) problems.push('no mantis-ui fence in the prompt');
  for (const body of fences) {
    const result = validateView(body);
    if (!result.ok) problems.push(`example fails (${result.reason}): ${JSON.stringify(result.issues)} in ${body}`);
    else if (result.issues.length > 0) problems.push(`example has issues: ${JSON.stringify(result.issues)} in ${body}`);
    // The real streaming parser must see the fence as one view, exactly as a model would write it.
    const parts = parseAssistantText(`Before.\n\n\`\`\`mantis-ui\n${body}\n\`\`\`\n\nAfter.`, { inlineUiVersion: 1, mode });
    const views = parts.filter((part) => part.type === 'data-mantis-ui');
    if (views.length !== 1 || parts.some((part) => part.type === 'data-mantis-ui-error')) {
      problems.push(`the message parser does not read the example as one view: ${body}`);
    }
  }
  return problems;
}

/** Problems with the components: a section each, with its one example whose root is that component. */
export function componentProblems(text: string, types: readonly NodeType[] = NODE_TYPES): string[] {
  const problems: string[] = [];
  for (const type of types) {
    const body = section(text, `### ${type}`);
    if (!body) {
      problems.push(`no section for ${type}`);
      continue;
    }
    const fences = extractViewFences(body);
    if (fences.length !== 1) problems.push(`${type}: ${fences.length} examples, not 1`);
    else if ((JSON.parse(fences[0] as string) as { root: { type: string } }).root.type !== type) problems.push(`${type}: the example's root is another component`);
    for (const path of undocumentedFields(body, componentSchema(type))) problems.push(`${type}: field "${path}" is not documented`);
  }
  for (const type of NODE_TYPES.filter((t) => !types.includes(t))) {
    if (text.includes(`### ${type}\n`)) problems.push(`${type} is documented but was not asked for`);
  }
  return problems;
}

/** Problems with the actions: each allowed action documented with all of its fields. */
export function actionProblems(text: string, types: readonly ActionType[]): string[] {
  const problems: string[] = [];
  for (const type of types) {
    const lines = actionLines(text, type);
    if (!lines) problems.push(`no line for action ${type}`);
    for (const path of undocumentedFields(lines, actionSchema(type))) problems.push(`action ${type}: field "${path}" is not documented`);
  }
  return problems;
}

/** Problems with the limits: each number present in the Limits section, and the reserved IDs listed. */
export function limitProblems(text: string, skip: readonly (keyof typeof LIMITS)[] = []): string[] {
  const limits = section(text, '## Limits');
  const problems: string[] = [];
  const numbers = [
    ...Object.entries(LIMITS).filter(([key]) => !skip.includes(key as keyof typeof LIMITS)),
    ...Object.entries(TEXT_LIMITS),
  ];
  for (const [key, value] of numbers) {
    if (!new RegExp(`(^|\\D)${value}(\\D|$)`).test(limits)) problems.push(`limit ${key} (${value}) is not in the Limits section`);
  }
  for (const [key, value] of Object.entries(TEXT_LIMITS)) {
    if (!limits.includes(`${key} ${value}`)) problems.push(`text limit ${key} ${value} is not stated`);
  }
  for (const id of RESERVED_IDS) if (!text.includes(`"${id}"`)) problems.push(`reserved ID ${id} is not listed`);
  return problems;
}

/** Action types the text names although Ask mode may not use them. */
export function forbiddenInAsk(text: string): string[] {
  return ACTION_TYPES.filter((type) => !READ_ONLY_ACTIONS.has(type) && text.includes(type));
}

/** Notes that name a field the schema no longer has (so stale words would mislead the model). */
export function staleNotes(): string[] {
  const stale: string[] = [];
  for (const type of NODE_TYPES) {
    const paths = new Set(fieldPaths(componentSchema(type)));
    for (const path of Object.keys(NODE_DESCRIPTIONS[type].notes ?? {})) if (!paths.has(path)) stale.push(`${type}: ${path}`);
  }
  for (const type of ACTION_TYPES) {
    const paths = new Set(fieldPaths(actionSchema(type)));
    for (const path of Object.keys(ACTION_NOTES[type].notes ?? {})) if (!paths.has(path)) stale.push(`${type}: ${path}`);
  }
  return stale;
}

/** Problems with a component section that does not carry its catalog record's purpose, notes and example. */
export function recordProblems(text: string): string[] {
  return NODE_TYPES.flatMap((type) => {
    const [description, example] = [NODE_DESCRIPTIONS[type], INLINE_UI_EXAMPLES[type]];
    const body = section(text, `### ${type}`);
    const lines = body.split('\n');
    const fence = extractViewFences(body)[0];
    return [
      ...problemsIf(lines[1] !== description.purpose, `${type}: the purpose is not the record's`),
      ...Object.entries(description.notes ?? {})
        .filter(([path, note]) => !lines.includes(`- "${path}": ${note}`))
        .map(([path]) => `${type}: the note on "${path}" is not the record's`),
      ...problemsIf(!fence || (JSON.parse(fence) as { id: string }).id !== example.id, `${type}: the example is not the record's`),
    ];
  });
}

/** The action types used by the examples in the text. */
export function exampleActionTypes(text: string): Set<string> {
  const types = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (Array.isArray(record.actions)) for (const action of record.actions) types.add((action as { type: string }).type);
      Object.values(record).forEach(visit);
    }
  };
  extractViewFences(text).forEach((body) => visit(JSON.parse(body)));
  return types;
}

const problemsIf = (condition: boolean, problem: string): string[] => (condition ? [problem] : []);

const throws = (run: () => unknown): boolean => {
  try {
    run();
    return false;
  } catch {
    return true;
  }
};

/**
 * The prompt's test cases, run by both runners: each returns its problems, and passes when there are none.
 * `build` is `buildInlineUiPrompt` unless a test passes another builder.
 */
export function promptCases(build = buildInlineUiPrompt): { name: string; problems: () => string[] }[] {
  const orchestrator = build();
  const ask = build({ mode: 'ask' });
  const readOnly = ACTION_TYPES.filter((type) => READ_ONLY_ACTIONS.has(type));
  return [
    { name: 'every example in the orchestrator prompt is a valid view with no issues', problems: () => exampleProblems(orchestrator) },
    { name: 'every example in the ask prompt is a valid view with no issues', problems: () => exampleProblems(ask, 'ask') },
    {
      name: 'every component type has its section, its exact fields and one example of itself',
      problems: () => [...componentProblems(orchestrator), ...componentProblems(ask)],
    },
    {
      name: 'every action type is documented with all of its fields',
      problems: () => [
        ...actionProblems(orchestrator, ACTION_TYPES),
        ...problemsIf(!ACTION_TYPES.every((t) => section(orchestrator, '## Actions').includes(t)), 'an action type is missing'),
      ],
    },
    {
      name: 'the orchestrator examples use every action type',
      problems: () => ACTION_TYPES.filter((type) => !exampleActionTypes(orchestrator).has(type)).map((t) => `no example uses ${t}`),
    },
    {
      name: 'the read-only actions are named as such in the orchestrator prompt',
      problems: () => readOnly.filter((type) => !actionLines(orchestrator, type).includes('Read-only.')).map((t) => `${t} is not marked read-only`),
    },
    {
      name: 'ask mode documents only the read-only actions and its examples use no other',
      problems: () => [
        ...actionProblems(ask, readOnly),
        ...forbiddenInAsk(ask).map((type) => `ask mode mentions ${type}`),
        ...[...exampleActionTypes(ask)].filter((t) => !READ_ONLY_ACTIONS.has(t as ActionType)).map((t) => `an ask example uses ${t}`),
      ],
    },
    {
      name: 'every limit appears with its number',
      problems: () => [...limitProblems(orchestrator), ...limitProblems(ask, ['bagPointRefs'])],
    },
    {
      name: 'a schema field the prompt does not document is caught',
      problems: () => {
        const extended = jsonSchema(z.extend(LEAF_SCHEMAS.heading, { subtitle: z.string() }));
        const found = undocumentedFields(section(orchestrator, '### heading'), extended);
        return problemsIf(JSON.stringify(found) !== '["subtitle"]', `the check found ${JSON.stringify(found)}, not ["subtitle"]`);
      },
    },
    { name: 'the hand-written notes name only fields the schemas have', problems: () => staleNotes() },
    { name: 'each component section says what its catalog record says', problems: () => recordProblems(orchestrator) },
    {
      name: 'the examples hold no markup and no URL but mantis:// and agent_files/ addresses',
      problems: () =>
        [...extractViewFences(orchestrator), ...extractViewFences(ask)]
          .filter((body) => /<[a-z!/]|https?:|javascript:|data:|style|class/i.test(body))
          .map((body) => `markup or URL in ${body}`),
    },
    {
      name: 'a subset of components documents only those, with valid examples',
      problems: () => {
        const subsets: NodeType[][] = [['heading', 'callout'], ['stack', 'callout'], ['grid', 'heading'], ['action-row'], ['data-table', 'stack', 'grid']];
        return subsets.flatMap((types) =>
          (['orchestrator', 'ask'] as const).flatMap((mode) => {
            const text = build({ mode, components: types });
            return [
              ...exampleProblems(text, mode),
              ...componentProblems(text, types),
              ...problemsIf(types.every((t) => !['entity-card', 'task-card', 'action-row'].includes(t)) && text.includes('## Actions'), `${types}: actions documented without a component that has them`),
            ].map((problem) => `${types.join('+')} (${mode}): ${problem}`);
          }),
        );
      },
    },
    {
      name: 'bad options are refused',
      problems: () => [
        ...problemsIf(!throws(() => build({ components: ['stack', 'grid'] })), 'containers alone are accepted'),
        ...problemsIf(!throws(() => build({ components: ['script' as NodeType] })), 'an unknown component is accepted'),
        ...problemsIf(!throws(() => build({ mode: 'visual-tour' as 'ask' })), 'visual-tour is accepted'),
      ],
    },
    { name: 'the prompt is the same on every call', problems: () => problemsIf(build() !== orchestrator || build({ mode: 'ask' }) !== ask, 'the text changed') },
  ];
}
