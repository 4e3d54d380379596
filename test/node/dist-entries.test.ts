// The built package as a host installs it (needs `npm run build`; npm test builds first, and these tests skip,
// saying so, when dist/ is absent): every entry of package.json's `exports` imports in plain Node through the
// package's own name, its types file is a real declaration, and the script tag's chunks (dist/cdn/) carry one
// DOMPurify and one Trusted Types policy, in the first load (one per page: docs/strict-pages.md).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';

const built = existsSync('dist/index.js');
const skip = built ? false : 'dist/ is absent: run `npm run build` first';
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; exports: Record<string, string | { types?: string; default: string }> };

/** Runs a module in plain Node (no tsx, no tsconfig paths): `mantis-ui/…` resolves through the `exports` map to dist/. */
function runModule(source: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--input-type=module', '--eval', source], { encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The script tag's first load: dist/cdn/mantis-ui.js and the chunks it imports statically, transitively. */
function firstLoad(): string[] {
  const seen = new Set<string>();
  const walk = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(`dist/cdn/${file}`, 'utf8').matchAll(/(?:import|export)\b(?!\s*\()[^"'();]*?["']\.\/([^"']+\.js)["']/g)) walk(m[1] as string);
  };
  walk('mantis-ui.js');
  return [...seen];
}
const cdnFiles = (): string[] => readdirSync('dist/cdn').filter((file) => file.endsWith('.js'));
const cdnText = (file: string): string => readFileSync(`dist/cdn/${file}`, 'utf8');

describe('the built entries', { skip }, () => {
  test('mantis-ui/testing and mantis-ui/react import through the package name and export their API', () => {
    const { status, output } = runModule(`
      const testing = await import('mantis-ui/testing');
      for (const name of ['reply', 'ScriptedTransport', 'mountChat', 'waitForReply', 'findPart', 'viewFixtures']) {
        if (!(name in testing)) throw new Error('mantis-ui/testing has no ' + name);
      }
      const react = await import('mantis-ui/react');
      for (const name of ['MantisChat', 'MantisUiView', 'AgentEnvelope', 'MantisArtifactPanel', 'MantisMediaItem', 'MantisA2uiSurface', 'ELEMENT_EVENTS']) {
        if (!(name in react)) throw new Error('mantis-ui/react has no ' + name);
      }
      const core = await import('mantis-ui/core');
      if (typeof core.validateView !== 'function') throw new Error('mantis-ui/core has no validateView');
      console.log('ok');
    `);
    assert.equal(status, 0, output);
    assert.match(output, /ok/);
  });

  test('the optional parts are entries of their own, and mantis-ui/core no longer carries them', () => {
    const { status, output } = runModule(`
      const parts = {
        'mantis-ui/prompt': ['buildInlineUiPrompt'],
        'mantis-ui/a2ui-catalog': ['catalogJson', 'slimCatalog', 'estimateTokens', 'BASIC_DESCRIPTIONS', 'MANTIS_DESCRIPTIONS'],
        'mantis-ui/a2ui-json': ['catalogFromJson', 'CatalogJsonError', 'MAX_SCHEMA_NODES', 'MAX_CATALOG_COMPONENTS', 'COMPOSITION'],
        'mantis-ui/a2ui-v1': ['A2UI_V1', 'V1_BASIC_CATALOG', 'parseA2uiV1RendererMessage', 'checkComposition'],
        'mantis-ui/a2ui-v1-json': ['readA2uiV1Catalog', 'isA2uiV1CatalogDocument'],
        'mantis-ui/transports': ['WebSocketTransport', 'SseTransport', 'ReconnectingTransport', 'createTransport', 'composerUrl'],
        'mantis-ui/media': ['createMediaService', 'MEDIA_LIMITS'],
        'mantis-ui/uploads': ['deferredUploader', 'sniff', 'checkAttachment', 'AttachmentTray', 'attachmentPolicy'],
      };
      const core = await import('mantis-ui/core');
      for (const [entry, names] of Object.entries(parts)) {
        const part = await import(entry);
        for (const name of names) if (typeof part[name] === 'undefined') throw new Error(entry + ' has no ' + name);
      }
      // What left the core (the tray and its policy stay: the session holds them; the media limits too).
      for (const name of ['buildInlineUiPrompt', 'WebSocketTransport', 'SseTransport', 'createTransport', 'createMediaService', 'deferredUploader', 'sniff', 'checkAttachment']) {
        if (name in core) throw new Error('mantis-ui/core still exports ' + name);
      }
      for (const name of ['openConnection', 'ChatSession', 'AttachmentTray', 'MEDIA_LIMITS']) if (!(name in core)) throw new Error('mantis-ui/core lost ' + name);
      // A2UI's limits are A2UI's (issue 31): with its validators, not in the core a backend without A2UI imports.
      if ('A2UI_LIMITS' in core) throw new Error('mantis-ui/core still exports A2UI_LIMITS');
      if (typeof (await import('mantis-ui/a2ui')).A2UI_LIMITS?.componentsPerSurface !== 'number') throw new Error('mantis-ui/a2ui has no A2UI_LIMITS');
      // The A2UI catalog generator left mantis-ui/a2ui (issue 31); the validators and the prompt are there.
      const a2ui = await import('mantis-ui/a2ui');
      for (const name of ['catalogJson', 'slimCatalog', 'MANTIS_DESCRIPTIONS', 'BASIC_DESCRIPTIONS', 'A2UI_V1', 'V1_BASIC_CATALOG']) if (name in a2ui) throw new Error('mantis-ui/a2ui still exports ' + name);
      for (const name of ['validateA2uiMessages', 'createA2uiValidator', 'buildA2uiPrompt', 'MINIMAL_CATALOG']) if (!(name in a2ui)) throw new Error('mantis-ui/a2ui has no ' + name);
      console.log('ok');
    `);
    assert.equal(status, 0, output);
    assert.match(output, /ok/);
  });

  test('a backend reads a v1.0 catalog document whole (mantis-ui/a2ui-v1-json) and its validator keeps the document’s composition and prompt guidelines', () => {
    const { status, output } = runModule(`
      const { readA2uiV1Catalog, isA2uiV1CatalogDocument } = await import('mantis-ui/a2ui-v1-json');
      const { A2UI_V1 } = await import('mantis-ui/a2ui-v1');
      const { createA2uiValidator, buildA2uiPrompt } = await import('mantis-ui/a2ui');
      const document = { catalogId: 'https://example.com/tiles.json', protocolVersion: '1.0', instructions: 'Keep tiles short.', components: { Column: {}, Text: { allowedParents: ['Column'] } } };
      if (!isA2uiV1CatalogDocument(document)) throw new Error('not read as a v1.0 document');
      const catalog = readA2uiV1Catalog(document);
      // The trees of a turn, checked once it is complete (a message may name components a later one sends).
      const trees = (components) => {
        const validator = createA2uiValidator({ catalogs: [catalog], versions: [A2UI_V1] });
        const checked = validator.check({ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: document.catalogId, components } });
        if (!checked.ok) throw new Error(JSON.stringify(checked));
        return validator.checkTrees().map((error) => error.code);
      };
      const refused = trees([{ id: 'root', component: 'Text', text: 'Hi' }]);
      if (refused.join() !== 'UNALLOWED_PARENT') throw new Error('a Text under Surface: ' + refused.join());
      const taken = trees([{ id: 'root', component: 'Column', children: ['t'] }, { id: 't', component: 'Text', text: 'Hi' }]);
      if (taken.length > 0) throw new Error('a Text in a Column: ' + taken.join());
      if (!buildA2uiPrompt({ catalogs: [catalog] }).includes('Keep tiles short.')) throw new Error('no guidelines in the prompt');
      console.log('ok');
    `);
    assert.equal(status, 0, output);
    assert.match(output, /ok/);
  });

  test('mantis-ui/react takes the elements from mantis-ui, so the main entry (a side effect) defines them', () => {
    const react = readFileSync('dist/react.js', 'utf8');
    assert.match(react, /from "mantis-ui"/);
    assert.doesNotMatch(react, /customElements\.define/);
  });

  test('every types file the exports name is a declaration of that entry', () => {
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string' || !target.types) continue;
      const types = target.types.replace(/^\.\//, '');
      assert.ok(existsSync(types), `${entry}: ${types} is missing`);
      const text = readFileSync(types, 'utf8');
      assert.ok(/export (\*|\{|declare|type|interface|const|function|class)/.test(text) && text.trim() !== 'export {};', `${entry}: ${types} declares nothing`);
    }
  });

  test('the script tag’s first load carries no catalog descriptions or example views: only the prompt and the A2UI catalog JSON read them', () => {
    const first = firstLoad();
    assert.ok(first.length >= 2, `the walk missed the first load: ${first.join(', ')}`);
    // The example views' IDs and a description's sentence (src/catalog/*.ts), which validating and rendering never use.
    for (const file of first) for (const text of ['table-example', 'stack-example', 'A row of buttons for next steps.']) assert.equal(cdnText(file).includes(text), false, `${file}: ${text}`);
    // The ES build, which exports the prompt, still has them (in the core's modules, one file each).
    const es = (readdirSync('dist', { recursive: true }) as string[]).filter((file) => file.endsWith('.js') && !file.startsWith('mantis-ui.') && !file.startsWith('cdn'));
    assert.ok(es.some((file) => readFileSync(`dist/${file}`, 'utf8').includes('table-example')), 'no ES module holds the examples');
  });

  test('the ES build is one file per module, so a bundler drops what a host does not import; the files that define tags are side effects', () => {
    assert.ok(existsSync('dist/src/protocols/composer/websocket.js') && existsSync('dist/src/protocols/composer/sse.js'), 'each transport is a module of its own');
    const sideEffects = (JSON.parse(readFileSync('package.json', 'utf8')) as { sideEffects: string[] }).sideEffects;
    assert.ok(sideEffects.includes('./dist/elements/**/*.js'), 'the element modules (each defines its tag) must be kept by a bundler');
    assert.match(readFileSync('dist/elements/mantis-chat/mantis-chat.js', 'utf8'), /defineElement\(\s*["']mantis-chat["']/);
  });

  test('a chat page built from the ES modules imports no transport up front: each loads when a connection of its kind opens', () => {
    // The static import graph of the main entry (what a bundler puts in the page's first load), from dist/'s files.
    const seen = new Set<string>();
    const walk = (file: string): void => {
      if (seen.has(file) || !existsSync(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/^(?:import|export)\b[^;]*?["'](\.{1,2}\/[^"']+)["']/gm)) walk(join(dirname(file), m[1] as string));
    };
    walk('dist/index.js');
    assert.ok(seen.has('dist/elements/mantis-chat/mantis-chat.js') && seen.has('dist/src/protocols/open.js'), `the walk missed the chat: ${[...seen].length} files`);
    for (const transport of ['websocket', 'sse', 'reconnecting']) assert.equal(seen.has(`dist/src/protocols/composer/${transport}.js`), false, `${transport}.js is imported up front`);
    assert.match(readFileSync('dist/src/protocols/composer/module.js', 'utf8'), /import\(["']\.\/websocket\.js["']\)/);
  });

  test('the script tag loads the add-to-bag confirmation, what checks and uploads attached files (the sniffing of a file\'s first bytes too), the check of a history, and the AI SDK and AG-UI protocols as chunks of their own, on first need', () => {
    const first = firstLoad();
    const texts = ['is read-only: nothing can be added', 'was not attached: it could not be read', '<!doctype', 'action outcomes that could not be read', 'An AI SDK chunk of type', 'An AG-UI event of type'];
    for (const text of texts) {
      assert.deepEqual(first.filter((file) => cdnText(file).includes(text)), [], `the first load carries "${text}"`);
      assert.equal(cdnFiles().filter((file) => cdnText(file).includes(text)).length, 1, `no one chunk carries "${text}"`);
    }
  });

  test('the script tag’s first load holds no module a chat loads on need: the media service of a media store, the check of a history, the sniffing of a file', () => {
    const sources = new Set(firstLoad().flatMap((file) => (existsSync(`dist/cdn/${file}.map`) ? (JSON.parse(readFileSync(`dist/cdn/${file}.map`, 'utf8')) as { sources: string[] }).sources : [])));
    const held = (module: string): boolean => [...sources].some((source) => source.endsWith(module));
    assert.ok(held('elements/mantis-chat/mantis-chat.component.ts'), `the source maps name the first load's modules: ${sources.size}`);
    for (const module of ['elements/internal/lazy-media.ts', 'src/chat/persisted-schema.ts', 'src/uploads/sniff.ts']) assert.equal(held(module), false, `the first load holds ${module}`);
  });

  test('the script tag’s chunks carry one DOMPurify and create the mantis-ui Trusted Types policy once, in the first load', () => {
    const first = firstLoad();
    const policy = cdnFiles().filter((file) => /createPolicy\(\s*[`"']mantis-ui[`"']/.test(cdnText(file)));
    assert.equal(policy.length, 1, `the mantis-ui policy is created in ${policy.join(', ') || 'no chunk'}`);
    assert.ok(first.includes(policy[0] as string), 'the policy is not created by the first load');
    const purify = cdnFiles().filter((file) => {
      const map = `dist/cdn/${file}.map`;
      return existsSync(map) && (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.some((source) => source.includes('node_modules/dompurify/'));
    });
    assert.equal(purify.length, 1, `DOMPurify is in ${purify.join(', ') || 'no chunk'}`);
    assert.ok(first.includes(purify[0] as string), 'DOMPurify is not in the first load');
  });
});
