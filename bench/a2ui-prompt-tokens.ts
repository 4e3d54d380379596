/*
 * The A2UI prompt (buildA2uiPrompt) per catalog, in o200k_base tokens, beside its catalog's minified JSON: issue 31
 * keeps the prompt at most 40% of it for the basic catalog and ours (test/node/a2ui-prompt.test.ts). Run alone:
 * `node --import tsx bench/a2ui-prompt-tokens.ts`.
 */
import { pathToFileURL } from 'node:url';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { BASIC_CATALOG, MANTIS_CATALOG, MINIMAL_CATALOG, buildA2uiPrompt, type CatalogDefinition, type CatalogDescriptions } from '../src/protocols/a2ui/index.js';
import { BASIC_DESCRIPTIONS, MANTIS_DESCRIPTIONS, catalogJson } from '../src/protocols/a2ui/catalog-tools.js';

const CATALOGS: readonly (readonly [string, CatalogDefinition, CatalogDescriptions])[] = [
  ['basic', BASIC_CATALOG, BASIC_DESCRIPTIONS],
  ['minimal', MINIMAL_CATALOG, {}],
  ['mantis-v1 (ours)', MANTIS_CATALOG, MANTIS_DESCRIPTIONS],
];

export function printA2uiPromptSizes(): void {
  console.log('A2UI prompt size per catalog (o200k_base tokens; the catalog JSON as npm run catalog writes it, minified)');
  console.table(
    CATALOGS.map(([name, catalog, words]) => {
      const prompt = encode(buildA2uiPrompt({ catalogs: [catalog] })).length;
      const json = encode(JSON.stringify(catalogJson(catalog, words))).length;
      return { catalog: name, 'prompt tokens': prompt, 'catalog JSON tokens': json, share: `${Math.round((100 * prompt) / json)}%` };
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printA2uiPromptSizes();
