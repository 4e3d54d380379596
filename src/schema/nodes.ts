/*
 * The node schemas and types now live in the component catalog (src/catalog/), one definition record per
 * component; this module keeps their old import path working.
 */
export * from '../catalog/index.js';
export { nestedIds } from './validate.js';
