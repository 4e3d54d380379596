/*
 * `mantis-ui/a2ui-json`: catalogs given as JSON documents in the specification's format, read into the definitions
 * the validators (`mantis-ui/a2ui`), `<mantis-a2ui-surface>` and `<mantis-chat>` use. An entry of its own, loaded only
 * by a page or backend that gives one: the elements import it lazily when a catalog document is set.
 */
export { catalogFromJson, MAX_CATALOG_COMPONENTS } from './read-catalog.js';
export { CatalogJsonError, type Check, type Result } from './json-checks.js';
export { MAX_SCHEMA_NODES, type CommonTypes } from './compiler.js';
export { COMPOSITION } from './compose.js';
