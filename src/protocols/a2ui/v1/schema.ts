import * as z from 'zod/mini';
import { isoInstant, keyedBy } from '../../../schema/json-shapes.js';
import { ChildList, ComponentId, DataBinding } from '../schema.js';

/*
 * Zod schemas of the A2UI v1.0 wire format (../shared/spec/a2ui-v1.0/json/common_types.json, agent_to_renderer.json,
 * renderer_to_agent.json). As for v0.9 (../schema.ts): strict objects where the JSON Schema closes an object, open
 * ones where it leaves it open; a FunctionCall is checked here only structurally, and against its catalog by the
 * component checks (validate-component.ts), which resolve its `catalogId`.
 *
 * What v1.0 changes in these types (docs/evolution_guide.md §2): a FunctionCall has an optional `catalogId` and no
 * `returnType`; a DynamicValue may be a literal object (one with no `path` or `call`); AccessibilityAttributes is
 * closed and gains `live` and `hidden`; ComponentCommon gains `catalogId` and `metadata.extensions`; a CheckRule's
 * condition is a binding or a call (a ValidationResult or a boolean) and its message is optional; an event action
 * gains `userMessage`.
 */

export const A2UI_V1_VERSION = 'v1.0';
const version = z.literal(A2UI_V1_VERSION);

/** A UAX #31 identifier (common_types.json Extensions' key pattern; catalog names: evolution_guide.md §2.1). */
export const UAX31_IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;

/** common_types.json Extensions: keys are UAX #31 identifiers, values anything. */
export const Extensions = keyedBy(z.unknown()).check(
  z.refine((value) => Object.keys(value).every((key) => UAX31_IDENTIFIER.test(key)), 'Extension keys must be Unicode identifiers (UAX #31), like "vendor_feature".'),
);
export const Metadata = z.strictObject({ extensions: z.optional(Extensions) });

const FunctionArg = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), keyedBy(z.unknown())]);

/** A FunctionCall, structurally (`@index` included); its catalog says which names and arguments exist. */
export const FunctionCall = z.strictObject({ call: z.string(), catalogId: z.optional(z.string()), args: z.optional(keyedBy(FunctionArg)) });

const has = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/** A literal object: one that is neither a binding nor a call (common_types.json DynamicValue's object branch). */
const LiteralObject = keyedBy(z.unknown()).check(z.refine((value) => !has(value, 'path') && !has(value, 'call'), 'A literal object cannot have "path" or "call".'));

export const DynamicValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), DataBinding, FunctionCall, LiteralObject]);
export const DynamicString = z.union([z.string(), DataBinding, FunctionCall]);
export const DynamicNumber = z.union([z.number(), DataBinding, FunctionCall]);
export const DynamicBoolean = z.union([z.boolean(), DataBinding, FunctionCall]);
export const DynamicStringList = z.union([z.array(z.string()), DataBinding, FunctionCall]);

export const AccessibilityAttributes = z.strictObject({
  label: z.optional(DynamicString),
  description: z.optional(DynamicString),
  live: z.optional(z.literal(['off', 'polite', 'assertive'])),
  hidden: z.optional(DynamicBoolean),
});

/** A check: the condition gives a ValidationResult (or a boolean); `message` is the fallback text. */
export const CheckRule = z.strictObject({ condition: z.union([DataBinding, FunctionCall]), message: z.optional(z.string()) });
export const checkable = { checks: z.optional(z.array(CheckRule)) };

export const Action = z.union([
  z.strictObject({
    event: z.strictObject({ name: z.string(), userMessage: z.optional(DynamicString), context: z.optional(keyedBy(DynamicValue)) }),
  }),
  z.strictObject({ functionCall: FunctionCall }),
]);

/** common_types.json ComponentCommon (a catalog's components add their own properties, `weight` among them). */
export const componentCommon = {
  id: ComponentId,
  catalogId: z.optional(z.string()),
  accessibility: z.optional(AccessibilityAttributes),
  metadata: z.optional(Metadata),
};

/** The component name the protocol reserves for a surface's implicit root container. */
export const SURFACE_COMPONENT = 'Surface';

/** A component as the envelope sees it (agent_to_renderer.json Component): never `Surface`; its catalog says the rest. */
const AnyComponent = z.looseObject({
  id: ComponentId,
  component: z.string().check(z.refine((name) => name !== SURFACE_COMPONENT, '"Surface" is the reserved root of every surface; it cannot be sent.')),
});
const Components = z.array(AnyComponent).check(z.minLength(1));

export const CreateSurfaceMessage = z.strictObject({
  version,
  createSurface: z.strictObject({
    surfaceId: z.string(),
    catalogId: z.optional(z.string()),
    sendDataModel: z.optional(z.boolean()),
    components: z.optional(Components),
    dataModel: z.optional(keyedBy(z.unknown())),
    metadata: z.optional(Metadata),
  }),
});

export const UpdateComponentsMessage = z.strictObject({ version, updateComponents: z.strictObject({ surfaceId: z.string(), components: Components }) });

/** `value` is required; `null` deletes what is at `path`. */
export const UpdateDataModelMessage = z.strictObject({
  version,
  updateDataModel: z.strictObject({ surfaceId: z.string(), path: z.optional(z.string()), value: z.unknown().check(z.refine((value) => value !== undefined, 'Required: null deletes.')) }),
});

export const DeleteSurfaceMessage = z.strictObject({ version, deleteSurface: z.strictObject({ surfaceId: z.string() }) });

export const CallRendererFunctionMessage = z.strictObject({
  version,
  callRendererFunction: z.strictObject({
    functionCallId: z.string(),
    callFunction: z.strictObject({ call: z.string(), catalogId: z.string(), args: z.optional(keyedBy(FunctionArg)) }),
  }),
});

/** common_types.json FunctionResponse: a `value` or an `error`, never both. */
export const FunctionResponse = z.strictObject({
  functionCallId: z.string(),
  value: z.optional(z.unknown()),
  error: z.optional(z.strictObject({ code: z.string(), message: z.string() })),
}).check(z.refine((response) => has(response, 'value') !== has(response, 'error'), 'Needs exactly one of "value" and "error".'));

export const AgentFunctionResponseMessage = z.strictObject({ version, agentFunctionResponse: FunctionResponse });

/** The six agent-to-renderer messages, keyed by their payload property. */
export const AGENT_MESSAGES = {
  createSurface: CreateSurfaceMessage,
  updateComponents: UpdateComponentsMessage,
  updateDataModel: UpdateDataModelMessage,
  deleteSurface: DeleteSurfaceMessage,
  callRendererFunction: CallRendererFunctionMessage,
  agentFunctionResponse: AgentFunctionResponseMessage,
} as const;

export type A2uiV1MessageKind = keyof typeof AGENT_MESSAGES;
export type A2uiV1Message = z.infer<(typeof AGENT_MESSAGES)[A2uiV1MessageKind]>;

const VALIDATION_CODES = ['VALIDATION_FAILED', 'UNALLOWED_PARENT', 'UNALLOWED_CHILD'];

/** renderer_to_agent.json: what a renderer sends (an agent parses these with parseA2uiV1RendererMessage). */
export const RENDERER_MESSAGES = {
  action: z.strictObject({
    version,
    action: z.looseObject({
      name: z.string(),
      userMessage: z.optional(z.string()),
      surfaceId: z.string(),
      sourceComponentId: z.string(),
      timestamp: isoInstant(),
      context: keyedBy(z.unknown()),
      metadata: z.optional(Metadata),
    }),
  }),
  callAgentFunction: z.strictObject({ version, callAgentFunction: z.strictObject({ surfaceId: z.string(), functionCallId: z.string(), callFunction: FunctionCall }) }),
  rendererFunctionResponse: z.strictObject({ version, rendererFunctionResponse: FunctionResponse }),
  error: z.strictObject({
    version,
    error: z.union([
      z.strictObject({ code: z.literal(['VALIDATION_FAILED', 'UNALLOWED_PARENT', 'UNALLOWED_CHILD']), surfaceId: z.string(), path: z.string(), message: z.string() }),
      // Any other code, about a surface or (exclusively) a function call.
      z.looseObject({ code: z.string(), message: z.string(), surfaceId: z.optional(z.string()), functionCallId: z.optional(z.string()) }).check(
        z.refine((e) => !VALIDATION_CODES.includes(e.code) && (e.surfaceId === undefined) !== (e.functionCallId === undefined), 'A generic error names a surfaceId or a functionCallId, not both.'),
      ),
    ]),
  }),
} as const;

export { ChildList, ComponentId, DataBinding };
