import * as z from 'zod/mini';
import { LIMITS } from '../limits.js';
import { utf8Length } from '../utf8.js';
import { Id } from '../schema/primitives.js';
import { NODE_DEFINITIONS, type ComposerNode, type InvalidNode, type NodeDefinition } from './index.js';

/** A validated v1 view: `{"version":1,"id":…,"root":NODE}`. */
export interface MantisView {
  readonly version: 1;
  readonly id: string;
  readonly root: ComposerNode;
}

/** One problem found, at a JSON pointer into the view. */
export interface ViewIssue {
  readonly path: string;
  readonly message: string;
}

/** Why a whole view fell back to text. Each reason has a sentence for people in `describeFailure`. */
export type ViewFailureReason =
  | 'not-json'
  | 'too-large'
  | 'too-much-media'
  | 'unsupported-version'
  | 'invalid-envelope'
  | 'invalid-root';

export interface ValidateViewOptions {
  /**
   * Authenticated media items the view may still carry: what is left of its message's LIMITS.mediaPerMessage after
   * the views before it (the whole limit by default). A child that would go past it is replaced by an inert warning;
   * a root that would, fails the view (`too-much-media`).
   */
  readonly mediaBudget?: number;
}

export type ValidateViewResult =
  | {
      readonly ok: true;
      readonly view: MantisView;
      /** Problems of children that were replaced by inert warnings; empty when everything was valid. */
      readonly issues: readonly ViewIssue[];
      /** Authenticated media items in the view (limited across a whole message). */
      readonly media: number;
    }
  | { readonly ok: false; readonly reason: ViewFailureReason; readonly issues: readonly ViewIssue[] };

const EnvelopeSchema = z.strictObject({ version: z.literal(1), id: Id, root: z.unknown() });

const FAILURE_TEXT: Record<ViewFailureReason, string> = {
  'not-json': 'The view is not valid JSON.',
  'too-large': 'The view is larger than this chat allows.',
  'too-much-media': `This message has more than ${LIMITS.mediaPerMessage} media items; the rest are not shown.`,
  'unsupported-version': 'The view uses a version this chat does not support.',
  'invalid-envelope': 'The view is not in the expected format.',
  'invalid-root': 'The view’s main component is not one this chat can show.',
};

/** A short sentence a person understands, never quoting the model's data. */
export function describeFailure(reason: ViewFailureReason): string {
  return FAILURE_TEXT[reason];
}

/** A limit that only the whole view breaks (or its root): the view fails, with this reason and issue. */
class ViewFailure extends Error {
  constructor(
    readonly reason: 'too-large' | 'too-much-media',
    readonly issue: string,
  ) {
    super(issue);
  }
}

const pointer = (segments: readonly PropertyKey[]): string =>
  segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

interface WalkContext {
  nodes: number;
  media: number;
  readonly mediaBudget: number;
  readonly ids: Set<string>;
  readonly issues: ViewIssue[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasOwn = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(table, key);

/** An inert placeholder for the node at `path`; its problems (the reason itself when none is given) go in the issues. */
function invalid(
  ctx: WalkContext,
  path: PropertyKey[],
  reason: string,
  issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[] | string = [],
): InvalidNode {
  const found = typeof issues === 'string' ? [{ path: [], message: issues }] : issues;
  if (found.length === 0) ctx.issues.push({ path: pointer(path), message: reason });
  for (const issue of found) ctx.issues.push({ path: pointer([...path, ...issue.path]), message: issue.message });
  return { type: 'invalid', reason };
}

/**
 * Every `id` string of every object nested in a validated node (actions, metrics, citations, columns, rows, media
 * items, and whatever a future component adds), not its own. A generic walk, so no component can be forgotten.
 * Give it a container without its `children`: they are nodes, validated and claimed one by one.
 */
export function nestedIds(node: object): string[] {
  const ids: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (isRecord(value)) {
      if (typeof value.id === 'string') ids.push(value.id);
      for (const item of Object.values(value)) visit(item);
    }
  };
  for (const value of Object.values(node)) visit(value);
  return ids;
}

type Definitions = { readonly [type: string]: NodeDefinition };

/**
 * Validates one node and, for containers, each child on its own. A limit one child breaks on its own (it sits too
 * deep, it has too many children, or its media items would take the message past its budget) makes that child an
 * inert warning beside its valid siblings (000: "an invalid child is replaced by a small inert warning"); the root
 * breaking one fails the view. The node count fails the whole view wherever it is passed: no one node is the one
 * too many, and it bounds the work done on the view. Nothing under a child replaced for a limit is walked.
 */
function walk(raw: unknown, path: PropertyKey[], depth: number, ctx: WalkContext, definitions: Definitions): ComposerNode | InvalidNode {
  ctx.nodes += 1;
  if (ctx.nodes > LIMITS.nodesPerView) throw new ViewFailure('too-large', `over ${LIMITS.nodesPerView} nodes`);
  // The root is depth 1: only a child can be too deep.
  if (depth > LIMITS.depth) return invalid(ctx, path, 'too deep', `deeper than ${LIMITS.depth} levels`);
  if (!isRecord(raw) || typeof raw.type !== 'string') return invalid(ctx, path, 'not a component');
  const type = raw.type;
  if (!hasOwn(definitions, type)) return invalid(ctx, path, 'unknown component', []);
  const definition = definitions[type] as NodeDefinition;

  if (definition.kind === 'leaf') {
    const parsed = definition.schema.safeParse(raw);
    if (!parsed.success) return invalid(ctx, path, `invalid ${type}`, parsed.error.issues);
    const node = parsed.data as ComposerNode;
    const media = definition.media?.(node) ?? 0;
    // Over the budget, the node claims no IDs: like any invalid child, it is gone.
    if (ctx.media + media > ctx.mediaBudget) {
      const issue = `over ${LIMITS.mediaPerMessage} media items in the message`;
      if (depth === 1) throw new ViewFailure('too-much-media', issue);
      return invalid(ctx, path, 'too many media items', issue);
    }
    const claimed = claimIds(node, nestedIds(node), path, ctx);
    if (claimed.type !== 'invalid') ctx.media += media;
    return claimed;
  }

  const children = raw.children;
  if (Array.isArray(children) && children.length > LIMITS.fanOut) {
    const issue = `over ${LIMITS.fanOut} children`;
    if (depth === 1) throw new ViewFailure('too-large', issue);
    return invalid(ctx, path, 'too many children', issue);
  }
  const parsed = definition.schema.safeParse(raw);
  if (!parsed.success) return invalid(ctx, path, `invalid ${type}`, parsed.error.issues);
  const node = parsed.data as { id: string; type: string; children: unknown[] };
  const { children: _children, ...props } = node;
  const claimed = claimIds(node, nestedIds(props), path, ctx);
  if (claimed !== node) return claimed as InvalidNode;
  return {
    ...node,
    children: node.children.map((child, index) => walk(child, [...path, 'children', index], depth + 1, ctx, definitions)),
  } as ComposerNode;
}

/** Every ID in a view (nodes, actions, items, rows, columns) is unique across the view: they key the DOM. */
function claimIds<N extends { id: string }>(node: N, nested: readonly string[], path: PropertyKey[], ctx: WalkContext): N | InvalidNode {
  const ids = [node.id, ...nested];
  if (new Set(ids).size !== ids.length || ids.some((id) => ctx.ids.has(id))) return invalid(ctx, path, 'duplicate ID');
  for (const id of ids) ctx.ids.add(id);
  return node;
}

/**
 * A view validator over a set of component definitions. `validateView` is the one over the closed catalog; tests
 * build others (the catalog plus a made-up component) to check what the validator does for any component. Nodes
 * of components outside the catalog come back typed as `ComposerNode` all the same.
 */
export function createViewValidator(definitions: Definitions): (input: unknown, options?: ValidateViewOptions) => ValidateViewResult {
  return (input, options) => validate(input, definitions, options);
}

/**
 * Validates model-authored view data: JSON text (the body of a `mantis-ui` fence) or an already-parsed value.
 * Never throws. Invalid children of a stack or grid come back replaced by `{type: 'invalid'}` placeholders, with
 * their problems in `issues`; anything wrong with the envelope or the root, more bytes or nodes than a view may
 * have, fails the whole view.
 */
export function validateView(input: unknown, options?: ValidateViewOptions): ValidateViewResult {
  return validate(input, NODE_DEFINITIONS, options);
}

function validate(input: unknown, definitions: Definitions, options: ValidateViewOptions = {}): ValidateViewResult {
  let value = input;
  let bytes: number;
  try {
    bytes = utf8Length(typeof input === 'string' ? input : (JSON.stringify(input) ?? ''));
  } catch {
    return { ok: false, reason: 'invalid-envelope', issues: [{ path: '', message: 'not serializable as JSON' }] };
  }
  if (bytes > LIMITS.viewBytes) {
    return { ok: false, reason: 'too-large', issues: [{ path: '', message: `over ${LIMITS.viewBytes} bytes` }] };
  }
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, reason: 'not-json', issues: [{ path: '', message: 'not valid JSON' }] };
    }
  }
  if (isRecord(value) && 'version' in value && value.version !== 1) {
    return { ok: false, reason: 'unsupported-version', issues: [{ path: '/version', message: 'unsupported version' }] };
  }
  const envelope = EnvelopeSchema.safeParse(value);
  if (!envelope.success) {
    return {
      ok: false,
      reason: 'invalid-envelope',
      issues: envelope.error.issues.map((issue) => ({ path: pointer(issue.path), message: issue.message })),
    };
  }
  const budget = options.mediaBudget;
  const mediaBudget = typeof budget === 'number' && budget >= 0 ? Math.min(Math.floor(budget), LIMITS.mediaPerMessage) : LIMITS.mediaPerMessage;
  const ctx: WalkContext = { nodes: 0, media: 0, mediaBudget, ids: new Set(), issues: [] };
  let root: ComposerNode | InvalidNode;
  try {
    root = walk(envelope.data.root, ['root'], 1, ctx, definitions);
  } catch (error) {
    if (!(error instanceof ViewFailure)) throw error;
    return { ok: false, reason: error.reason, issues: [{ path: '/root', message: error.issue }] };
  }
  if (root.type === 'invalid') return { ok: false, reason: 'invalid-root', issues: ctx.issues };
  return { ok: true, view: { version: 1, id: envelope.data.id, root }, issues: ctx.issues, media: ctx.media };
}
