/**
 * mantis-ui/prompt: the system prompt a backend gives its model so that it writes views our validator accepts
 * (`buildInlineUiPrompt`), and what it is made of: each component's description (`NODE_DESCRIPTIONS`) and an example
 * view of each (`INLINE_UI_EXAMPLES`). DOM-free; a page that only renders never loads it.
 */
export { buildInlineUiPrompt } from './inline-ui-prompt.js';
export type { InlineUiPromptMode, InlineUiPromptOptions } from './inline-ui-prompt.js';
export { INLINE_UI_EXAMPLES, NODE_DESCRIPTIONS } from '../catalog/docs.js';
