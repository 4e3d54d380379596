/*
 * The size of the backend inline-UI prompt, in characters and in o200k_base tokens (the encoding of GPT-4o and
 * later OpenAI models; other tokenizers differ by some percent). Run alone: `node --import tsx bench/prompt-tokens.ts`.
 */
import { pathToFileURL } from 'node:url';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { buildInlineUiPrompt, type InlineUiPromptOptions } from '../src/prompt/index.js';

export interface PromptSize {
  readonly name: string;
  readonly characters: number;
  readonly utf8Bytes: number;
  readonly tokens: number;
}

export const PROMPT_VARIANTS: readonly { name: string; options: InlineUiPromptOptions }[] = [
  { name: 'orchestrator', options: { mode: 'orchestrator' } },
  { name: 'ask', options: { mode: 'ask' } },
  { name: 'orchestrator, heading + callout + metric-group only', options: { components: ['heading', 'callout', 'metric-group'] } },
];

export function measurePromptSizes(): PromptSize[] {
  return PROMPT_VARIANTS.map(({ name, options }) => {
    const text = buildInlineUiPrompt(options);
    return { name, characters: text.length, utf8Bytes: Buffer.byteLength(text, 'utf8'), tokens: encode(text).length };
  });
}

export function printPromptSizes(): void {
  console.log('Inline-UI prompt size (o200k_base tokens)');
  console.table(
    measurePromptSizes().map((size) => ({ prompt: size.name, characters: size.characters, 'UTF-8 bytes': size.utf8Bytes, tokens: size.tokens })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printPromptSizes();
