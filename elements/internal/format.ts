export { formatBytes } from '../../src/format.js';
