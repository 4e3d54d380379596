import * as z from 'zod/mini';
import { keyedBy } from '../../../schema/json-shapes.js';
import { describeIssues } from '../issues.js';
import { formatPointer } from '../pointer.js';
import { Extensions, SURFACE_COMPONENT, UAX31_IDENTIFIER } from './schema.js';

/*
 * A v1.0 catalog document against the specification's meta-schema (../shared/spec/a2ui-v1.0/json/
 * catalog_definition.json) and the rules its prose adds (docs/evolution_guide.md §2.1): component and function names
 * are UAX #31 identifiers (property and argument names, which a2ui_protocol.md "Entity naming" also names, are not
 * checked yet), `Surface` is reserved, `allowedParents` and `allowedChildren` are lists of names, a function declares
 * its `returnType`, and one that `requiresUserActivation` may only be called by the renderer. What a component's own
 * schema says is JSON Schema, checked where the catalog is read (mantis-ui/a2ui-json), not here.
 */

const Names = z.array(z.string()).check(z.refine((names) => new Set(names).size === names.length, 'Names appear once.'));
const Schema = z.union([z.boolean(), keyedBy(z.unknown())]);

const ComponentDefinition = z.looseObject({
  allowedParents: z.optional(Names),
  allowedChildren: z.optional(Names),
  metadata: z.optional(z.strictObject({ extensions: z.optional(Extensions) })),
});

const CALLERS = ['rendererOnly', 'agentOnly', 'rendererOrAgent'] as const;

const FunctionDefinition = z
  .looseObject({
    type: z.literal('object'),
    returnType: z.literal(['string', 'number', 'boolean', 'array', 'object', 'validationResult', 'any', 'void']),
    allowedCallers: z.optional(z.literal(CALLERS)),
    requiresUserActivation: z.optional(z.boolean()),
  })
  .check(
    z.refine((fn) => 'properties' in fn || 'allOf' in fn, 'A function is an object schema with "properties" (its call) or "allOf".'),
    z.refine((fn) => !fn.requiresUserActivation || (fn.allowedCallers ?? 'rendererOnly') === 'rendererOnly', {
      message: 'A function that requires user activation can only be called by the renderer.',
      path: ['allowedCallers'],
    }),
  );

const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export const CatalogDocument = z.strictObject({
  $schema: z.optional(z.string()),
  $id: z.optional(z.string()),
  protocolVersion: z.optional(z.string().check(z.regex(semver, 'A version like "1.0".'))),
  $defs: z.optional(z.strictObject({ anyComponent: Schema, anyFunction: Schema })),
  title: z.optional(z.string()),
  // The meta-schema leaves `description` out; the evolution guide (§1) and the basic catalog have it.
  description: z.optional(z.string()),
  catalogId: z.string(),
  instructions: z.optional(z.string()),
  components: z.optional(
    keyedBy(ComponentDefinition).check(
      z.refine((components) => !Object.prototype.hasOwnProperty.call(components, SURFACE_COMPONENT), '"Surface" is reserved: every surface is one.'),
    ),
  ),
  functions: z.optional(keyedBy(FunctionDefinition)),
});

export type A2uiV1CatalogCheck = { readonly ok: true } | { readonly ok: false; readonly path: string; readonly message: string };

/** A v1.0 catalog document checked against the meta-schema and its naming rules; where and why when it is not one. Never throws. */
export function checkA2uiV1Catalog(document: unknown): A2uiV1CatalogCheck {
  const parsed = CatalogDocument.safeParse(document);
  if (!parsed.success) {
    const report = describeIssues(parsed.error.issues, document);
    return { ok: false, path: formatPointer(report.path), message: report.message };
  }
  for (const part of ['components', 'functions'] as const) {
    for (const name of Object.keys(parsed.data[part] ?? {})) {
      if (!UAX31_IDENTIFIER.test(name)) return { ok: false, path: formatPointer([part, name]), message: `"${name.slice(0, 60)}" is not a Unicode identifier (UAX #31).` };
    }
  }
  return { ok: true };
}
