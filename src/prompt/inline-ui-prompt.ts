import { LIMITS, RESERVED_IDS, TEXT_LIMITS } from '../limits.js';
import { CONFIRMED_ACTIONS, READ_ONLY_ACTIONS } from '../actions/registry.js';
import { ACTION_TYPES, type ActionType } from '../schema/actions.js';
import { INLINE_UI_EXAMPLES, NODE_DESCRIPTIONS } from '../catalog/docs.js';
import { NODE_DEFINITIONS, NODE_TYPES, type ExampleNode, type ExampleView, type NodeType } from '../catalog/index.js';
import { VIEW_FENCE_INFO } from '../protocols/composer/message-parser.js';
import { PROMPT_SHAPES as SHAPES } from './shapes.js';

/*
 * The backend's inline-UI system prompt, generated from the same catalog records (src/catalog/), limits and action
 * sets that `validateView` and the renderer use, so the model, the validator and the renderer cannot drift apart.
 * Field names, types, enums and bounds come from `z.toJSONSchema` (src/prompt/shapes.ts holds what it derived, made by
 * `npm run prompt-shapes`, so no bundle carries the generator); numbers come from LIMITS and TEXT_LIMITS; the
 * words of each component's record, and of the actions below, only add what a JSON Schema cannot say (what a
 * component is for, refinements such as "bag ID or name").
 * Nothing runs at import time, so bundles that do not call it drop it.
 */

export type InlineUiPromptMode = 'orchestrator' | 'ask';

export interface InlineUiPromptOptions {
  /**
   * `orchestrator` (the default) documents every action; `ask` documents only the read-only ones
   * (READ_ONLY_ACTIONS), and its examples use no other.
   */
  readonly mode?: InlineUiPromptMode;
  /** Documents only these components (at least one leaf), in catalog order. Default: the whole catalog. */
  readonly components?: readonly NodeType[];
}

interface Described {
  /** What it is for, in a sentence. */
  readonly purpose: string;
  /** What the schema's JSON form cannot say, by field path (`metrics.change`): rendered as `"field": note`. */
  readonly notes?: Readonly<Record<string, string>>;
}

/** Every action, described. A new ActionType fails the type check here until it is described. */
export const ACTION_NOTES: { readonly [K in ActionType]: Described } = {
  navigate: { purpose: 'shows the target on the map.' },
  summarize: { purpose: 'asks for a summary of the target.' },
  'add-to-bag': {
    purpose: 'adds the points to a bag.',
    notes: {
      targets: 'point URIs only.',
      bagId: 'an existing bag by ID; never together with "bagName".',
      bagName: 'an existing bag by name; never together with "bagId". Omit both for the active bag; a bag is never created.',
    },
  },
  'run-task': {
    purpose: 'starts the task described in words in "task".',
    notes: { taskId: 'omit it: generated tasks always dispatch with task ID 0.' },
  },
  'prefill-composer': { purpose: 'puts "text" into the message box for the user to edit and send.' },
  'submit-followup': { purpose: 'sends "text" as the user\'s next message.' },
};

/** Each limit in words. `needs`: the line is left out when none of these components or actions is documented. */
const LIMIT_LINES: { readonly [K in keyof typeof LIMITS]: { text: (n: number) => string; needs?: readonly (NodeType | ActionType)[] } } = {
  viewsPerMessage: { text: (n) => `${n} views (fences) per message.` },
  viewBytes: { text: (n) => `${n} bytes (${n / 1024} KiB) of UTF-8 JSON per view.` },
  nodesPerView: { text: (n) => `${n} nodes per view, counting the root and every child.` },
  depth: { text: (n) => `Nesting depth ${n}: the root is depth 1.`, needs: ['stack', 'grid'] },
  fanOut: { text: (n) => `${n} children per stack or grid.`, needs: ['stack', 'grid'] },
  metrics: { text: (n) => `${n} metrics per metric-group.`, needs: ['metric-group'] },
  tableColumns: { text: (n) => `${n} columns per data-table.`, needs: ['data-table'] },
  tableRows: { text: (n) => `${n} rows per data-table.`, needs: ['data-table'] },
  citations: { text: (n) => `${n} citations per citation-list.`, needs: ['citation-list'] },
  mediaPerMessage: { text: (n) => `${n} media items across the whole message, all views together.`, needs: ['media-gallery'] },
  actions: { text: (n) => `${n} actions per node.`, needs: ['entity-card', 'task-card', 'action-row'] },
  bagPointRefs: { text: (n) => `${n} point targets per add-to-bag action.`, needs: ['add-to-bag'] },
  cardAttributes: { text: (n) => `${n} attributes per entity-card.`, needs: ['entity-card'] },
};

const isContainer = (type: NodeType): boolean => NODE_DEFINITIONS[type].kind === 'container';
const quoteList = (items: Iterable<string>): string => [...items].map((item) => `"${item}"`).join(', ');
const notesOf = (notes: Readonly<Record<string, string>> | undefined): string[] =>
  Object.entries(notes ?? {}).map(([path, note]) => `- "${path}": ${note}`);

/** Removes the actions a mode may not use; an `actions` array left empty is dropped. */
function withActions(value: unknown, allowed: ReadonlySet<ActionType>): unknown {
  if (Array.isArray(value)) return value.map((item) => withActions(item, allowed));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'actions' && Array.isArray(item)) {
      const kept = item.filter((action: { type: ActionType }) => allowed.has(action.type));
      if (kept.length > 0) out[key] = kept;
    } else {
      out[key] = withActions(item, allowed);
    }
  }
  return out;
}

/** A component's example, with container children limited to documented components. */
function exampleFor(type: NodeType, included: ReadonlySet<NodeType>, allowed: ReadonlySet<ActionType>): string {
  const example: ExampleView = INLINE_UI_EXAMPLES[type];
  let root: ExampleNode = example.root;
  if ('children' in root) {
    const kept = root.children.filter((child) => included.has(child.type));
    const stand = NODE_TYPES.find((other) => included.has(other) && !isContainer(other)) as NodeType;
    root = { ...root, children: kept.length > 0 ? kept : [INLINE_UI_EXAMPLES[stand].root] };
  }
  return JSON.stringify(withActions({ ...example, root }, allowed));
}

function fence(json: string): string {
  return `\`\`\`${VIEW_FENCE_INFO}\n${json}\n\`\`\``;
}

/**
 * The system-prompt text that teaches a model to author `mantis-ui` fences: the fence format, every documented
 * component's exact JSON shape with one complete, valid example each, the limits, ID rules, addresses and actions.
 * Give it to the model only when the client negotiated inline UI v1, in Orchestrator or Ask mode.
 */
export function buildInlineUiPrompt(options: InlineUiPromptOptions = {}): string {
  const mode = options.mode ?? 'orchestrator';
  if (mode !== 'orchestrator' && mode !== 'ask') throw new TypeError(`unknown mode: ${String(mode)}`);
  const requested = new Set(options.components ?? NODE_TYPES);
  for (const type of requested) if (!NODE_TYPES.includes(type)) throw new TypeError(`unknown component: ${String(type)}`);
  if (![...requested].some((type) => !isContainer(type))) throw new TypeError('the prompt needs at least one leaf component');
  const components = NODE_TYPES.filter((type) => requested.has(type));
  const allowed: ReadonlySet<ActionType> = mode === 'ask' ? READ_ONLY_ACTIONS : new Set(ACTION_TYPES);
  const containers = components.filter(isContainer);

  // Components first: which shared names they use decides which definitions the prompt carries.
  const componentText = components.flatMap((type) => {
    const described = NODE_DESCRIPTIONS[type];
    return [
      `### ${type}`,
      described.purpose,
      SHAPES.components[type],
      ...notesOf(described.notes),
      fence(exampleFor(type, requested, allowed)),
      '',
    ];
  });
  const usesActions = componentText.some((line) => line.includes('ACTION'));
  const actions = usesActions ? ACTION_TYPES.filter((type) => allowed.has(type)) : [];
  const actionText = actions.flatMap((type) => [
    `- ${type}: ${SHAPES.actions[type]}: ${ACTION_NOTES[type].purpose}${
      mode === 'orchestrator' ? (READ_ONLY_ACTIONS.has(type) ? ' Read-only.' : ' Changes state.') : ''
    }`,
    ...notesOf(ACTION_NOTES[type].notes).map((line) => `  ${line}`),
  ]);
  const body = [...componentText, ...actionText].join('\n');
  const uses = (name: string): boolean => new RegExp(`\\b${name}\\b`).test(body);

  const { id, mantisUri, pointUri, agentFileKey: fileKey } = SHAPES;
  const documented = new Set<string>([...components, ...actions]);
  const limitLines = (Object.keys(LIMITS) as (keyof typeof LIMITS)[])
    .filter((key) => LIMIT_LINES[key].needs?.some((need) => documented.has(need)) ?? true)
    .map((key) => `- ${LIMIT_LINES[key].text(LIMITS[key])}`);

  const lines = [
    '# Inline UI: mantis-ui views',
    '',
    'Between the Markdown paragraphs of your answer you may show interactive views. The app checks every view against a strict schema and shows anything invalid as a plain-text notice, so follow these rules exactly. Use a view when structure helps (figures, comparisons, tables, sources, next steps); keep explanations in prose.',
    '',
    '## Fence format',
    `- Each view is one complete JSON object alone in its own fenced block: a line \`\`\`${VIEW_FENCE_INFO}, the JSON, then a line \`\`\`. Never put it inside another code block.`,
    '- The object is {"version":1,"id":ID,"root":NODE}: "version" is always 1, "id" names the view, "root" is one node. No other keys.',
    '- A node is {"id":ID,"type":TYPE,...props} with exactly the props its type lists below: an unknown key or a missing required one makes it invalid.',
    containers.length > 0
      ? `- Containers (${quoteList(containers)}) hold "children", an array of nodes; every other component is a leaf, without children.`
      : '- Every component is a leaf, without children.',
    '- Write strict JSON: double quotes, no comments, no trailing commas. Write the whole view in one go; it is shown once its closing fence arrives.',
    `- Only these component types exist: ${quoteList(components)}.`,
    '',
    '## Data only',
    `A view is data, never markup or code. No HTML, CSS, style or class names, JavaScript, event handlers, iframes or embeds, and no URLs of any kind (http, https, data, javascript, file): the only addresses are the ${[
      uses('MANTIS_URI') || uses('POINT_URI') ? 'mantis:// targets' : '',
      uses('AGENT_FILE_KEY') ? 'agent_files/ media keys' : '',
    ]
      .filter(Boolean)
      .join(' and ') || 'none'} described below. Fields marked Markdown take restricted Markdown (emphasis, lists, inline code; no raw HTML, links or images); every other string is shown as plain text. Use only IDs, URIs and keys you were given; never invent them.`,
    '',
    '## Notation',
    '`"key"?:` is optional, every other key is required. `string(1-200)` is a string of 1 to 200 characters. `[T](1-8)` is an array of 1 to 8 T. `a|b` is one of the values. `NODE` is any component below.',
    `- ID: ${id.shape}, matching /${id.pattern}/: letters, digits, "_" and "-", starting with a letter or digit, never with "mantis-". Every ID in a view is unique across the whole view: nodes and their actions, metrics, citations, columns, rows and media items. The view's own "id" follows the same rules. Reserved, never use: ${quoteList(RESERVED_IDS)}.`,
    ...(uses('MANTIS_URI')
      ? [
          `- MANTIS_URI: "mantis://map/<map>/<kind>/<id>" with <kind> point, bag or cluster, matching /${mantisUri.pattern}/, at most ${mantisUri.maxLength} characters. A target is written {"uri":MANTIS_URI}.`,
        ]
      : []),
    ...(uses('POINT_URI')
      ? [`- POINT_URI: a MANTIS_URI of a point, matching /${pointUri.pattern}/, at most ${pointUri.maxLength} characters.`]
      : []),
    ...(uses('AGENT_FILE_KEY')
      ? [
          `- AGENT_FILE_KEY: a key of the user's authenticated file store, matching /${fileKey.pattern}/, at most ${fileKey.maxLength} characters, such as "agent_files/reports/growth.png".`,
        ]
      : []),
    ...(usesActions ? ['- ACTION: one of the actions below.'] : []),
    '',
    '## Limits',
    'A view over any of these falls back to text as a whole:',
    ...limitLines,
    `- Text lengths (characters): ${(Object.keys(TEXT_LIMITS) as (keyof typeof TEXT_LIMITS)[])
      .map((key) => `${key} ${TEXT_LIMITS[key]}`)
      .join(', ')}.`,
    '',
  ];

  if (actions.length > 0) {
    lines.push('## Actions');
    if (mode === 'ask') {
      lines.push(
        'This conversation is read-only (Ask mode). An ACTION is one of these, and no other action type exists here. An action only names a handler in the app: never a URL or code.',
      );
    } else {
      const confirmed = actions.filter((type) => CONFIRMED_ACTIONS.has(type));
      const readOnly = actions.filter((type) => READ_ONLY_ACTIONS.has(type));
      lines.push(
        'An ACTION is one of these. An action only names a handler in the app: never a URL or code.',
        ...(confirmed.length > 0
          ? [`${quoteList(confirmed)} change state: the user confirms each with a second click, and it runs at most once. Say exactly what will happen in its "label".`]
          : []),
        ...(readOnly.length > 0 ? [`In Ask mode only the read-only actions are allowed: ${quoteList(readOnly)}.`] : []),
      );
    }
    lines.push(...actionText, '');
  }

  lines.push('## Components', 'Each component: what it is for, its exact JSON shape, notes, and one complete view as an example.', '', ...componentText);
  return `${lines.join('\n').trimEnd()}\n`;
}
