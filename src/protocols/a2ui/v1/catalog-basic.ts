import * as z from 'zod/mini';
import { BASIC_COMPONENTS, BASIC_FUNCTION_CALLS, ICON_NAMES, type CatalogDefinition } from '../catalog-basic.js';
import * as v09 from '../schema.js';
import { V1_BASIC_CATALOG_ID } from './id.js';
import { Action, CheckRule, componentCommon, DataBinding, DynamicBoolean, DynamicNumber, DynamicString, DynamicStringList, DynamicValue, FunctionCall } from './schema.js';
import { integer } from '../../../schema/integer.js';

/*
 * The v1.0 basic catalog (../shared/spec/a2ui-v1.0/catalogs/basic/catalog.json): v0.9's components and functions
 * (../catalog-basic.ts) with each v0.9 common type replaced by v1.0's (v1/schema.ts), so the two cannot drift where
 * v1.0 did not change them and v0.9's code carries nothing of v1.0; then what v1.0 changed (docs/evolution_guide.md
 * §2.2): Text's variants are `caption` and `body`; an Icon's `svgPath` may be bound; Video gains `posterUrl`;
 * TextField gains `placeholder` and loses `validationRegexp`; Slider gains `steps`; openUrl's `url` may be bound or
 * computed; a call has an optional `catalogId` and no `returnType`. No function in it may be called by the agent
 * (every `allowedCallers` is the default, `rendererOnly`). test/node/a2ui-v1.test.ts compares every name, required
 * list and enum with catalog.json.
 */

export { V1_BASIC_CATALOG_ID };

interface Def {
  readonly type: string;
  readonly checks?: readonly z.core.$ZodCheck[];
  readonly [key: string]: unknown;
}
const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** The properties of a v0.9 object schema. */
const shapeOf = (schema: z.ZodMiniType) => defOf(schema)['shape'] as Record<string, z.ZodMiniType>;
const withChecks = <T extends z.ZodMiniType>(schema: T, def: Def): T => (def.checks?.length ? (schema.check(...(def.checks as never[])) as T) : schema);

/** v0.9 common types, and each call type their unions hold, by what they become in v1.0. */
const V1_OF = new Map<unknown, z.ZodMiniType>([
  [v09.DynamicString, DynamicString],
  [v09.DynamicNumber, DynamicNumber],
  [v09.DynamicBoolean, DynamicBoolean],
  [v09.DynamicStringList, DynamicStringList],
  [v09.DynamicValue, DynamicValue],
  [v09.FunctionCall, FunctionCall],
  [v09.Action, Action],
  [v09.CheckRule, CheckRule],
  // A refined Dynamic* (DateTimeInput's min and max) shares its options: its call becomes v1.0's FunctionCall.
  ...[v09.DynamicString, v09.DynamicNumber, v09.DynamicBoolean, v09.DynamicStringList].map((s) => [(defOf(s)['options'] as unknown[])[2], FunctionCall] as const),
]);

/** A v0.9 schema made of v1.0's common types, its own checks kept. */
function toV1(schema: z.ZodMiniType): z.ZodMiniType {
  const known = V1_OF.get(schema);
  if (known) return known;
  const def = defOf(schema);
  if (def.type === 'optional') return z.optional(toV1(def['innerType'] as z.ZodMiniType));
  if (def.type === 'array') return withChecks(z.array(toV1(def['element'] as z.ZodMiniType)), def);
  if (def.type === 'union') return withChecks(z.union((def['options'] as z.ZodMiniType[]).map(toV1)), def);
  if (def.type === 'object' && defOf(def['catchall'] as z.ZodMiniType)?.type === 'never') {
    const shape = Object.fromEntries(Object.entries(def['shape'] as Record<string, z.ZodMiniType>).map(([key, value]) => [key, toV1(value)]));
    return withChecks(z.strictObject(shape), def);
  }
  return schema;
}

/** Every basic component declares `weight` beside ComponentCommon. */
const common = { ...componentCommon, weight: z.optional(z.number()) };

/**
 * A v0.9 component in v1.0: its own properties in v1.0's types, ComponentCommon's; `changed` replaces (or, undefined,
 * removes) some of them, and adds what v1.0 added.
 */
const fromV09 = (schema: z.ZodMiniType, changed: Record<string, z.ZodMiniType | undefined> = {}) => {
  const { id: _id, accessibility: _a11y, weight: _weight, ...own } = shapeOf(schema);
  const shape = { ...Object.fromEntries(Object.entries(own).map(([key, value]) => [key, toV1(value)])), ...changed };
  return z.strictObject({ ...common, ...Object.fromEntries(Object.entries(shape).filter((entry): entry is [string, z.ZodMiniType] => entry[1] !== undefined)) });
};

const { Text, Icon, Video, TextField, Slider } = BASIC_COMPONENTS;

export const V1_BASIC_COMPONENTS: Record<string, z.ZodMiniType> = {
  ...Object.fromEntries(Object.entries(BASIC_COMPONENTS).map(([name, schema]) => [name, fromV09(schema)])),
  Text: fromV09(Text, { variant: z.optional(z.literal(['caption', 'body'])) }),
  Icon: fromV09(Icon, { name: z.union([z.literal(ICON_NAMES), z.strictObject({ svgPath: DynamicString }), DataBinding]) }),
  Video: fromV09(Video, { posterUrl: z.optional(DynamicString) }),
  TextField: fromV09(TextField, { placeholder: z.optional(DynamicString), validationRegexp: undefined }),
  Slider: fromV09(Slider, { steps: z.optional(integer().check(z.minimum(1))) }),
};

/** A v0.9 call in v1.0: `call` and its arguments in v1.0's types, `catalogId` instead of `returnType`. */
const callFromV09 = (schema: z.ZodMiniType) => {
  const { call, args } = shapeOf(schema);
  return z.strictObject({ call: call as z.ZodMiniType, catalogId: z.optional(z.string()), args: toV1(args as z.ZodMiniType) });
};

/** openUrl's absolute-URI string (v0.9's check), which v1.0 lets be bound or computed too. */
const uri = shapeOf(shapeOf(BASIC_FUNCTION_CALLS.openUrl)['args'] as z.ZodMiniType)['url'] as z.ZodMiniType;

export const V1_BASIC_FUNCTION_CALLS: Record<string, z.ZodMiniType> = {
  ...Object.fromEntries(Object.entries(BASIC_FUNCTION_CALLS).map(([name, schema]) => [name, callFromV09(schema)])),
  openUrl: z.strictObject({ call: z.literal('openUrl'), catalogId: z.optional(z.string()), args: z.strictObject({ url: z.union([uri, DataBinding, FunctionCall]) }) }),
};

/**
 * What a function gives in v1.0's catalog.json: v0.9's `returnType`, except that its checks (every boolean function
 * but and, or and not) give a ValidationResult.
 */
function returnOf(name: string, schema: z.ZodMiniType): string {
  const type = String((defOf(defOf(shapeOf(schema)['returnType'] as z.ZodMiniType)['innerType'] as z.ZodMiniType)['values'] as unknown[])[0]);
  return type === 'boolean' && !/^(and|or|not)$/.test(name) ? 'validationResult' : type;
}

export const V1_BASIC_CATALOG: CatalogDefinition = {
  catalogId: V1_BASIC_CATALOG_ID,
  protocolVersion: '1.0',
  components: V1_BASIC_COMPONENTS,
  functions: new Set(Object.keys(V1_BASIC_FUNCTION_CALLS)),
  functionCalls: V1_BASIC_FUNCTION_CALLS,
  // What each function gives (v1.0's catalog says it beside the function, not in the call): v0.9's returnType.
  returns: Object.fromEntries(Object.entries(BASIC_FUNCTION_CALLS).map(([name, schema]) => [name, returnOf(name, schema)])),
};
