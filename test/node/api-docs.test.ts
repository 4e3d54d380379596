// The API reference (docs/api/, scripts/api-docs.mjs): one page per element of custom-elements.json, holding every
// attribute, property, event with its detail type, slot, part and custom property; `--check` fails when it is stale.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

interface Item {
  readonly name: string;
  readonly type?: { readonly text: string };
}
interface Declaration {
  readonly tagName?: string;
  readonly customElement?: boolean;
  readonly attributes?: Item[];
  readonly events?: Item[];
  readonly slots?: Item[];
  readonly cssParts?: Item[];
  readonly cssProperties?: Item[];
}

const SCRIPT = resolve('scripts/api-docs.mjs');
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as { modules: { declarations?: Declaration[] }[] };
const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);

test('every element has a page with all its attributes, events (and their detail types), slots, parts and custom properties', () => {
  const index = readFileSync('docs/api/README.md', 'utf8');
  const events = readFileSync('elements/events.ts', 'utf8');
  for (const element of elements) {
    const page = readFileSync(`docs/api/${element.tagName}.md`, 'utf8');
    assert.ok(index.includes(`(${element.tagName}.md)`), `${element.tagName} is in the index`);
    for (const item of [...(element.attributes ?? []), ...(element.events ?? []), ...(element.cssParts ?? []), ...(element.cssProperties ?? [])]) {
      assert.ok(page.includes(`\`${item.name}\``), `${element.tagName}: ${item.name}`);
    }
    for (const slot of element.slots ?? []) assert.ok(page.includes(slot.name ? `\`${slot.name}\`` : '(default)'), `${element.tagName}: slot ${slot.name}`);
    for (const event of element.events ?? []) {
      const detail = /CustomEvent<(\w+)>/.exec(event.type?.text ?? '')?.[1];
      if (detail && events.includes(`interface ${detail} `)) assert.ok(page.includes(`export interface ${detail} {`), `${element.tagName}: ${detail}`);
    }
  }
});

test('--check passes on the committed reference and fails, naming the page, when one is stale', () => {
  assert.equal(spawnSync('node', [SCRIPT, '--check'], { encoding: 'utf8' }).status, 0);
  const dir = mkdtempSync(join(tmpdir(), 'api-docs-'));
  try {
    for (const path of ['custom-elements.json', 'elements/events.ts', 'docs/api']) cpSync(path, join(dir, path), { recursive: true });
    writeFileSync(join(dir, 'docs/api/mantis-chat.md'), 'edited by hand\n');
    const stale = spawnSync('node', [SCRIPT, '--check'], { cwd: dir, encoding: 'utf8' });
    assert.equal(stale.status, 1);
    assert.match(stale.stderr, /docs\/api\/mantis-chat\.md/);
    const written = spawnSync('node', [SCRIPT], { cwd: dir, encoding: 'utf8' });
    assert.equal(written.status, 0);
    assert.equal(readFileSync(join(dir, 'docs/api/mantis-chat.md'), 'utf8'), readFileSync('docs/api/mantis-chat.md', 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
