import * as z from 'zod/mini';
import { BASIC_CATALOG, BASIC_COMPONENTS, BasicTheme, type CatalogDefinition } from './catalog-basic.js';
import { Action, ComponentId, DynamicString, checkable, componentCommon } from './schema.js';
import { BASIC_CATALOG_ALIAS_ID, MINIMAL_CATALOG_ID } from './types.js';

/*
 * The specification's minimal catalog (../shared/spec/a2ui-v0.9/catalogs/minimal/catalog.json), the one its simplest
 * examples name, and the basic catalog under the other identifier agents use for it (README of the v0.9 copy: both
 * identifiers are the same catalog). The minimal catalog's Text, Row, Column and TextField are the basic catalog's,
 * property for property; its Button has no `default` variant, and its one function is `capitalize`.
 * test/node/a2ui-letter.test.ts compares every name, required list and enum with catalog.json.
 */

const { Text, Row, Column, TextField } = BASIC_COMPONENTS;

export const MINIMAL_COMPONENTS = {
  Text,
  Row,
  Column,
  Button: z.strictObject({
    ...componentCommon,
    ...checkable,
    component: z.literal('Button'),
    child: ComponentId,
    variant: z.optional(z.literal(['primary', 'borderless'])),
    action: Action,
  }),
  TextField,
} as const;

export const MINIMAL_FUNCTION_CALLS = {
  capitalize: z.strictObject({ call: z.literal('capitalize'), args: z.strictObject({ value: DynamicString }), returnType: z.optional(z.literal('string')) }),
} as const;

export const MINIMAL_CATALOG: CatalogDefinition = {
  catalogId: MINIMAL_CATALOG_ID,
  components: MINIMAL_COMPONENTS,
  functions: new Set(Object.keys(MINIMAL_FUNCTION_CALLS)),
  functionCalls: MINIMAL_FUNCTION_CALLS,
  theme: BasicTheme,
};

/** The basic catalog under `https://a2ui.org/specification/v0_9/basic_catalog.json`. */
export const BASIC_CATALOG_ALIAS: CatalogDefinition = { ...BASIC_CATALOG, catalogId: BASIC_CATALOG_ALIAS_ID };

/** The specification's catalogs: the basic one under both identifiers, and the minimal one (what validation takes by default). */
export const SPEC_CATALOGS: readonly CatalogDefinition[] = [BASIC_CATALOG, BASIC_CATALOG_ALIAS, MINIMAL_CATALOG];
