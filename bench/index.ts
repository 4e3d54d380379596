/*
 * `npm run bench`: prints figures, asserts nothing (CONTRIBUTING: no test asserts timing). Timings depend on the
 * machine and its load; compare runs on one machine.
 */
import { printPromptSizes } from './prompt-tokens.js';
import { printA2uiPromptSizes } from './a2ui-prompt-tokens.js';
import { printStreaming } from './streaming.js';
import { printValidateView } from './validate-view.js';

console.log(`Node ${process.version}, ${process.platform}/${process.arch}\n`);
printPromptSizes();
printA2uiPromptSizes();
console.log('');
printValidateView();
console.log('');
await printStreaming();
