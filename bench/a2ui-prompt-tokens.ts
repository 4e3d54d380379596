/*
 * The A2UI prompt (buildA2uiPrompt) per catalog, in o200k_base tokens, beside its catalog's minified JSON: issue 31
 * keeps the prompt at most 40% of it for the basic catalogs (v0.9's and v1.0's) and ours, and the minimal catalog's at
 * most 75% (test/node/a2ui-prompt.test.ts). Run alone:
 * `node --import tsx bench/a2ui-prompt-tokens.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { BASIC_CATALOG, MANTIS_CATALOG, MINIMAL_CATALOG, buildA2uiPrompt, type CatalogDefinition, type CatalogDescriptions } from '../src/protocols/a2ui/index.js';
import { BASIC_DESCRIPTIONS, MANTIS_DESCRIPTIONS, catalogJson } from '../src/protocols/a2ui/catalog-tools.js';
import { V1_BASIC_CATALOG } from '../src/protocols/a2ui/v1/index.js';

const CATALOGS: readonly (readonly [string, CatalogDefinition, CatalogDescriptions])[] = [
  ['basic', BASIC_CATALOG, BASIC_DESCRIPTIONS],
  ['minimal', MINIMAL_CATALOG, {}],
  ['mantis-v1 (ours)', MANTIS_CATALOG, MANTIS_DESCRIPTIONS],
];

/** v1.0's basic catalog, beside the specification's catalog.json (npm run catalog writes v0.9's). */
const V1_JSON = join(import.meta.dirname, '../test/fixtures/a2ui-spec/v1.0/catalogs/basic/catalog.json');

export function printA2uiPromptSizes(): void {
  console.log('A2UI prompt size per catalog (o200k_base tokens; the catalog JSON as npm run catalog writes it, minified; v1.0: its catalog.json)');
  const row = (name: string, prompt: number, json: number) => ({ catalog: name, 'prompt tokens': prompt, 'catalog JSON tokens': json, share: `${Math.round((100 * prompt) / json)}%` });
  console.table([
    ...CATALOGS.map(([name, catalog, words]) => row(name, encode(buildA2uiPrompt({ catalogs: [catalog] })).length, encode(JSON.stringify(catalogJson(catalog, words))).length)),
    row('v1.0 basic', encode(buildA2uiPrompt({ catalogs: [V1_BASIC_CATALOG], version: 'v1.0' })).length, encode(JSON.stringify(JSON.parse(readFileSync(V1_JSON, 'utf8')))).length),
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printA2uiPromptSizes();
