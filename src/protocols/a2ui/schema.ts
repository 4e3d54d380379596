import * as z from 'zod/mini';
import { isoInstant, keyedBy } from '../../schema/json-shapes.js';

/*
 * Zod schemas of the A2UI v0.9 wire format (../shared/spec/a2ui-v0.9/json/common_types.json, server_to_client.json,
 * client_to_server.json). Where the JSON Schema has `additionalProperties: false` (or a catalog's
 * `unevaluatedProperties: false`) these are strict objects; where it leaves an object open, so do they.
 *
 * A FunctionCall is checked here only structurally (a name, arguments that are JSON values, a return type): which
 * functions exist and what their arguments are belongs to the surface's catalog (catalog-basic.ts), and validate.ts
 * checks every call it finds against it. Components of updateComponents are likewise only `{id, component, …}` here;
 * validate.ts checks each against its surface's catalog, so one envelope schema serves every catalog.
 */

/** A reference to another component of the same surface. */
export const ComponentId = z.string();

/** `{path}`: a JSON Pointer into the data model (relative inside a template). */
export const DataBinding = z.strictObject({ path: z.string() });

export const RETURN_TYPES = ['string', 'number', 'boolean', 'array', 'object', 'any', 'void'] as const;
export const ReturnType = z.literal(RETURN_TYPES);

/** A function argument: a DynamicValue or a literal object (common_types.json FunctionCall `args`). */
const FunctionArg = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), keyedBy(z.unknown())]);

/** A client-side function call, structurally; validate.ts checks the name and arguments against the catalog. */
export const FunctionCall = z.strictObject({
  call: z.string(),
  args: z.optional(keyedBy(FunctionArg)),
  returnType: z.optional(ReturnType),
});

/** A FunctionCall whose `returnType`, when given, is `type` (the Dynamic* types' third branch). */
const callReturning = (type: (typeof RETURN_TYPES)[number]) =>
  z.strictObject({ call: z.string(), args: z.optional(keyedBy(FunctionArg)), returnType: z.optional(z.literal(type)) });

export const DynamicValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), DataBinding, FunctionCall]);
export const DynamicString = z.union([z.string(), DataBinding, callReturning('string')]);
export const DynamicNumber = z.union([z.number(), DataBinding, callReturning('number')]);
export const DynamicBoolean = z.union([z.boolean(), DataBinding, callReturning('boolean')]);
export const DynamicStringList = z.union([z.array(z.string()), DataBinding, callReturning('array')]);

/** Children: a static list of ids, or a template repeated for each item of a data-model list. */
export const ChildList = z.union([z.array(ComponentId), z.strictObject({ componentId: ComponentId, path: z.string() })]);

/** One client-side check of an input (or a Button): the message shows while `condition` is false. */
export const CheckRule = z.strictObject({ condition: DynamicBoolean, message: z.string() });

/** Open like the JSON Schema's (no `additionalProperties: false`); the component around it is strict. */
export const AccessibilityAttributes = z.looseObject({ label: z.optional(DynamicString), description: z.optional(DynamicString) });

/** What a Button does: a server event (its context resolved at click time) or a local function. */
export const Action = z.union([
  z.strictObject({
    event: z.strictObject({ name: z.string(), context: z.optional(keyedBy(DynamicValue)) }),
  }),
  z.strictObject({ functionCall: FunctionCall }),
]);

/** Properties every catalog component has (common_types.json ComponentCommon plus the basic catalog's `weight`). */
export const componentCommon = {
  id: ComponentId,
  accessibility: z.optional(AccessibilityAttributes),
  weight: z.optional(z.number()),
};

/** The properties of Checkable components. */
export const checkable = { checks: z.optional(z.array(CheckRule)) };

/** A component as the envelope sees it: an id and a type; its catalog says the rest. */
export const AnyComponent = z.looseObject({ id: ComponentId, component: z.string() });

/** Any theme object; the surface's catalog validates its properties. */
const AnyTheme = keyedBy(z.unknown());

/** v0.9.1 is v0.9's payloads under a new version string (evolution_guide_v0.9.1.md §3): both are read. */
const version = z.literal(['v0.9', 'v0.9.1']);

export const CreateSurfaceMessage = z.strictObject({
  version,
  createSurface: z.strictObject({
    surfaceId: z.string(),
    catalogId: z.string(),
    theme: z.optional(AnyTheme),
    sendDataModel: z.optional(z.boolean()),
  }),
});

export const UpdateComponentsMessage = z.strictObject({
  version,
  updateComponents: z.strictObject({
    surfaceId: z.string(),
    components: /* @__PURE__ */ (z.array(AnyComponent).check(z.minLength(1))),
  }),
});

export const UpdateDataModelMessage = z.strictObject({
  version,
  updateDataModel: z.strictObject({
    surfaceId: z.string(),
    path: z.optional(z.string()),
    value: z.optional(z.unknown()),
  }),
});

export const DeleteSurfaceMessage = z.strictObject({ version, deleteSurface: z.strictObject({ surfaceId: z.string() }) });

/** The four message types, keyed by their payload property. */
export const SERVER_MESSAGES = {
  createSurface: CreateSurfaceMessage,
  updateComponents: UpdateComponentsMessage,
  updateDataModel: UpdateDataModelMessage,
  deleteSurface: DeleteSurfaceMessage,
} as const;

export type A2uiMessageKind = keyof typeof SERVER_MESSAGES;
export type A2uiCreateSurfaceMessage = z.infer<typeof CreateSurfaceMessage>;
export type A2uiUpdateComponentsMessage = z.infer<typeof UpdateComponentsMessage>;
export type A2uiUpdateDataModelMessage = z.infer<typeof UpdateDataModelMessage>;
export type A2uiDeleteSurfaceMessage = z.infer<typeof DeleteSurfaceMessage>;
export type A2uiServerMessage =
  | A2uiCreateSurfaceMessage
  | A2uiUpdateComponentsMessage
  | A2uiUpdateDataModelMessage
  | A2uiDeleteSurfaceMessage;
export type A2uiFunctionCall = z.infer<typeof FunctionCall>;
export type A2uiDynamicValue = z.infer<typeof DynamicValue>;
export type A2uiChildList = z.infer<typeof ChildList>;
export type A2uiCheckRule = z.infer<typeof CheckRule>;
export type A2uiActionSpec = z.infer<typeof Action>;

/** client_to_server.json `action`. */
export const ClientActionSchema = z.strictObject({
  version,
  action: z.looseObject({
    name: z.string(),
    surfaceId: z.string(),
    sourceComponentId: z.string(),
    timestamp: isoInstant(),
    context: keyedBy(z.unknown()),
  }),
});

/** client_to_server.json `error`: the standard validation error, or any other code with open properties. */
export const ClientErrorSchema = z.strictObject({
  version,
  error: z.union([
    z.strictObject({ code: z.literal('VALIDATION_FAILED'), surfaceId: z.string(), path: z.string(), message: z.string() }),
    z.looseObject({
      code: /* @__PURE__ */ z.string().check(z.refine((code) => code !== 'VALIDATION_FAILED', 'A VALIDATION_FAILED error needs a path.')),
      surfaceId: z.string(),
      message: z.string(),
    }),
  ]),
});

export const ClientMessageSchema = z.union([ClientActionSchema, ClientErrorSchema]);
