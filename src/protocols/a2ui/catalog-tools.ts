/*
 * `mantis-ui/a2ui-catalog`: what writes A2UI catalogs as JSON (`npm run catalog`, a backend that hands its model a
 * catalog's schema): the generator, its slim form and token estimate, and the words it publishes with the basic
 * catalog and ours. An entry of its own since issue 31: a backend that validates (`mantis-ui/a2ui`) or prompts does
 * not carry them, nor does a page.
 */
export { catalogJson, estimateTokens, slimCatalog, BASIC_DESCRIPTIONS, COMMON_TYPES_URL, type CatalogDescriptions, type ComponentDoc, type JsonSchemaObject } from './catalog-json.js';
export { HIGHER_ORDER_DOCS, MANTIS_DESCRIPTIONS } from './catalog-mantis-docs.js';
