/**
 * mantis-ui/prompt: the system prompt a backend gives its model so that it writes views our validator accepts
 * (`buildInlineUiPrompt`). DOM-free; a page that only renders never loads it.
 */
export { buildInlineUiPrompt } from './inline-ui-prompt.js';
export type { InlineUiPromptMode, InlineUiPromptOptions } from './inline-ui-prompt.js';
