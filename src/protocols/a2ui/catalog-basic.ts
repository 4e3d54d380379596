import * as z from 'zod/mini';
import { integer } from '../../schema/integer.js';
import { keyedBy } from '../../schema/json-shapes.js';
import type { CommonTypes } from './json-catalog/compiler.js';
import { A2UI_LIMITS } from './limits.js';
import { BASIC_CATALOG_ID } from './types.js';
import {
  Action,
  ChildList,
  ComponentId,
  DataBinding,
  DynamicBoolean,
  DynamicNumber,
  DynamicString,
  DynamicStringList,
  DynamicValue,
  checkable,
  componentCommon,
} from './schema.js';

/*
 * The basic catalog (../shared/spec/a2ui-v0.9/catalogs/basic/catalog.json) as Zod schemas: one strict object per
 * component (the JSON's `unevaluatedProperties: false` over ComponentCommon, CatalogComponentCommon, Checkable where
 * it has it, and the component's own properties), one per function call, and the theme. test/node/a2ui-validate.test.ts
 * compares every property name, required list and enum with catalog.json.
 */

/** A catalog a surface can name in createSurface: what validate.ts checks components, calls and themes against. */
export interface CatalogDefinition {
  readonly catalogId: string;
  /** Component name → schema of the whole component object. */
  readonly components: Readonly<Record<string, z.ZodMiniType>>;
  /** The function names a FunctionCall may use. */
  readonly functions: ReadonlySet<string>;
  /** Function name → schema of the whole call (`{call, args, returnType}`); a name without one is checked by name only. */
  readonly functionCalls?: Readonly<Record<string, z.ZodMiniType>>;
  /** The catalog's `$defs.theme`; without one, any JSON object is a theme. */
  readonly theme?: z.ZodMiniType;
  /** The A2UI version of the catalog's `protocolVersion` (`1.0`); absent for v0.9 (catalog_definition.json's default). */
  readonly protocolVersion?: string;
  /** v1.0 composition rules: component name → the parents and children it allows (`Surface` is the root's parent). */
  readonly composition?: Readonly<Record<string, { readonly allowedParents?: readonly string[]; readonly allowedChildren?: readonly string[] }>>;
  /** v1.0 function name → who may call it (absent: `rendererOnly`, catalog_definition.json's default). */
  readonly callers?: Readonly<Record<string, 'rendererOnly' | 'agentOnly' | 'rendererOrAgent'>>;
  /** v1.0 function name → its `returnType` (a check on an agent's function that gives a `validationResult` says it waits). */
  readonly returns?: Readonly<Record<string, string>>;
  /** v1.0's `instructions`: the catalog's design guidelines for the model (Markdown), which buildA2uiPrompt carries. */
  readonly instructions?: string;
  /**
   * A catalog read from a document (catalogFromJson), for buildA2uiPrompt to write its lines from (the Zod schemas
   * above only run its checks): the document, the JSON Schema of each component (or, where it declares no property,
   * the Zod schema of the renderer that draws it) and of each function's call, and the common types its `$ref`s named.
   */
  readonly json?: { readonly root: object; readonly components: Readonly<Record<string, unknown>>; readonly calls: Readonly<Record<string, unknown>>; readonly common: CommonTypes };
}

/** A string property that must not be longer than `max` characters when it is a literal. */
const boundedLiteral = (max: number) =>
  z.refine((value: unknown) => typeof value !== 'string' || value.length <= max, `Must be at most ${max} characters.`);

/** An ISO 8601 date, time or date-time (DateTimeInput `min`/`max` when literal: JSON formats date, time, date-time). */
const ISO_DATE_OR_TIME = /^(?:\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?|\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)$/;
const DynamicDateTime = DynamicString.check(
  z.refine((value: unknown) => typeof value !== 'string' || ISO_DATE_OR_TIME.test(value), 'Must be an ISO 8601 date, time or date-time.'),
);

const component = <T extends string, S extends z.core.$ZodLooseShape>(name: T, shape: S) =>
  z.strictObject({ ...componentCommon, component: z.literal(name), ...shape });

export const ICON_NAMES = [
  'accountCircle', 'add', 'arrowBack', 'arrowForward', 'attachFile', 'calendarToday', 'call', 'camera', 'check', 'close',
  'delete', 'download', 'edit', 'event', 'error', 'fastForward', 'favorite', 'favoriteOff', 'folder', 'help', 'home',
  'info', 'locationOn', 'lock', 'lockOpen', 'mail', 'menu', 'moreVert', 'moreHoriz', 'notificationsOff', 'notifications',
  'pause', 'payment', 'person', 'phone', 'photo', 'play', 'print', 'refresh', 'rewind', 'search', 'send', 'settings',
  'share', 'shoppingCart', 'skipNext', 'skipPrevious', 'star', 'starHalf', 'starOff', 'stop', 'upload', 'visibility',
  'visibilityOff', 'volumeDown', 'volumeMute', 'volumeOff', 'volumeUp', 'warning',
] as const;

const alignItems = z.literal(['start', 'center', 'end', 'stretch']);
const justify = z.literal(['start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly', 'stretch']);

export const BASIC_COMPONENTS = {
  Text: component('Text', {
    text: DynamicString,
    variant: z.optional(z.literal(['h1', 'h2', 'h3', 'h4', 'h5', 'caption', 'body'])),
  }),
  Image: component('Image', {
    url: DynamicString,
    description: z.optional(DynamicString),
    fit: z.optional(z.literal(['contain', 'cover', 'fill', 'none', 'scaleDown'])),
    variant: z.optional(z.literal(['icon', 'avatar', 'smallFeature', 'mediumFeature', 'largeFeature', 'header'])),
  }),
  Icon: component('Icon', {
    name: z.union([z.literal(ICON_NAMES), z.strictObject({ svgPath: z.string() }), DataBinding]),
  }),
  Video: component('Video', { url: DynamicString }),
  AudioPlayer: component('AudioPlayer', { url: DynamicString, description: z.optional(DynamicString) }),
  Row: component('Row', { children: ChildList, justify: z.optional(justify), align: z.optional(alignItems) }),
  Column: component('Column', { children: ChildList, justify: z.optional(justify), align: z.optional(alignItems) }),
  List: component('List', {
    children: ChildList,
    direction: z.optional(z.literal(['vertical', 'horizontal'])),
    align: z.optional(alignItems),
  }),
  Card: component('Card', { child: ComponentId }),
  Tabs: component('Tabs', {
    tabs: z.array(z.strictObject({ title: DynamicString, child: ComponentId })).check(z.minLength(1)),
  }),
  Modal: component('Modal', { trigger: ComponentId, content: ComponentId }),
  Divider: component('Divider', { axis: z.optional(z.literal(['horizontal', 'vertical'])) }),
  Button: component('Button', {
    ...checkable,
    child: ComponentId,
    variant: z.optional(z.literal(['default', 'primary', 'borderless'])),
    action: Action,
  }),
  TextField: component('TextField', {
    ...checkable,
    label: DynamicString,
    value: z.optional(DynamicString),
    variant: z.optional(z.literal(['longText', 'number', 'shortText', 'obscured'])),
    validationRegexp: z.optional(z.string().check(boundedLiteral(A2UI_LIMITS.regexSourceChars))),
  }),
  CheckBox: component('CheckBox', { ...checkable, label: DynamicString, value: DynamicBoolean }),
  ChoicePicker: component('ChoicePicker', {
    ...checkable,
    label: z.optional(DynamicString),
    variant: z.optional(z.literal(['multipleSelection', 'mutuallyExclusive'])),
    options: z.array(z.strictObject({ label: DynamicString, value: z.string() })),
    value: DynamicStringList,
    displayStyle: z.optional(z.literal(['checkbox', 'chips'])),
    filterable: z.optional(z.boolean()),
  }),
  Slider: component('Slider', {
    ...checkable,
    label: z.optional(DynamicString),
    min: z.optional(z.number()),
    max: z.number(),
    value: DynamicNumber,
  }),
  DateTimeInput: component('DateTimeInput', {
    ...checkable,
    value: DynamicString,
    enableDate: z.optional(z.boolean()),
    enableTime: z.optional(z.boolean()),
    min: z.optional(DynamicDateTime),
    max: z.optional(DynamicDateTime),
    label: z.optional(DynamicString),
  }),
} as const;

/** RFC 3986 `URI` (absolute: a scheme, then no white space), as the URL parser reads it; at most 4,096 characters. */
function isUri(value: string): boolean {
  if (value.length > 4096 || !/^[A-Za-z][A-Za-z0-9+.-]*:[^\s\u0000-\u001f\u007f]+$/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A catalog function call: `call` is `name`, `args` has the shape, and `returnType` (if given) is the function's. */
const call = (name: string, returns: string, args: z.ZodMiniType) =>
  z.strictObject({ call: z.literal(name), args, returnType: z.optional(z.literal(returns)) });

/** `length` and `numeric` need `min` or `max` (the JSON's `anyOf` of two `required`s). */
const minOrMax = z.refine<{ min?: number | undefined; max?: number | undefined }>(
  (args) => args.min !== undefined || args.max !== undefined,
  'Needs "min" or "max".',
);

/** Any JSON value: `required` takes one without saying which type. */
const AnyValue = z.union([DynamicValue, keyedBy(z.unknown()), z.literal(null)]);

export const BASIC_FUNCTION_CALLS = {
  required: call('required', 'boolean', z.strictObject({ value: AnyValue })),
  regex: call(
    'regex',
    'boolean',
    z.strictObject({ value: DynamicString, pattern: z.string().check(boundedLiteral(A2UI_LIMITS.regexSourceChars)) }),
  ),
  length: call(
    'length',
    'boolean',
    z.strictObject({ value: DynamicString, min: z.optional(integer().check(z.minimum(0))), max: z.optional(integer().check(z.minimum(0))) }).check(minOrMax),
  ),
  numeric: call(
    'numeric',
    'boolean',
    z.strictObject({ value: DynamicNumber, min: z.optional(z.number()), max: z.optional(z.number()) }).check(minOrMax),
  ),
  email: call('email', 'boolean', z.strictObject({ value: DynamicString })),
  formatString: call(
    'formatString',
    'string',
    z.strictObject({ value: DynamicString.check(boundedLiteral(A2UI_LIMITS.formatStringChars)) }),
  ),
  formatNumber: call(
    'formatNumber',
    'string',
    z.strictObject({ value: DynamicNumber, decimals: z.optional(DynamicNumber), grouping: z.optional(DynamicBoolean) }),
  ),
  formatCurrency: call(
    'formatCurrency',
    'string',
    z.strictObject({
      value: DynamicNumber,
      currency: DynamicString,
      decimals: z.optional(DynamicNumber),
      grouping: z.optional(DynamicBoolean),
    }),
  ),
  formatDate: call('formatDate', 'string', z.strictObject({ value: DynamicValue, format: DynamicString })),
  pluralize: call(
    'pluralize',
    'string',
    z.strictObject({
      value: DynamicNumber,
      zero: z.optional(DynamicString),
      one: z.optional(DynamicString),
      two: z.optional(DynamicString),
      few: z.optional(DynamicString),
      many: z.optional(DynamicString),
      other: DynamicString,
    }),
  ),
  // The JSON says `"type": "string", "format": "uri"`: an absolute URI (RFC 3986), checked. Which of them it opens, and
  // only on a click after confirmation, the renderer decides (functions.ts safeOpenUrl: http and https).
  openUrl: call('openUrl', 'void', z.strictObject({ url: z.string().check(z.refine(isUri, 'Must be an absolute URI, like "https://example.com/page".')) })),
  and: call('and', 'boolean', z.strictObject({ values: z.array(DynamicBoolean).check(z.minLength(2)) })),
  or: call('or', 'boolean', z.strictObject({ values: z.array(DynamicBoolean).check(z.minLength(2)) })),
  not: call('not', 'boolean', z.strictObject({ value: DynamicBoolean })),
} as const;

/** catalog.json `$defs.theme`: open, with a hex `primaryColor`. */
export const BasicTheme = z.looseObject({
  primaryColor: z.optional(/* @__PURE__ */ (z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Must be a color like "#00BFFF".')))),
  iconUrl: z.optional(z.string()),
  agentDisplayName: z.optional(z.string()),
});

export const BASIC_CATALOG: CatalogDefinition = {
  catalogId: BASIC_CATALOG_ID,
  components: BASIC_COMPONENTS,
  functions: /* @__PURE__ */ new Set(/* @__PURE__ */ Object.keys(BASIC_FUNCTION_CALLS)),
  functionCalls: BASIC_FUNCTION_CALLS,
  theme: BasicTheme,
};
