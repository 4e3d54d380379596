import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * One road for every protocol (issue 28): a protocol's modules are reached from outside its own folders only through
 * the registration files, the public barrels, src/testing/, and type-only imports of event details. This walks every
 * import of src/ and elements/ (static, re-exports and dynamic import()) and lists the offenders by path.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Each protocol's own folders: its modules, which import each other freely. */
const PROTOCOLS: Readonly<Record<string, readonly string[]>> = {
  a2ui: ['src/protocols/a2ui/', 'elements/mantis-a2ui-surface/'],
  'agent-ui': ['src/protocols/agent-ui/', 'elements/agent-envelope/', 'elements/maplibre/'],
};

/**
 * Files that may import a protocol's modules from outside its folders: the registration files (the core's protocol
 * registry, and the elements' loaders of their lazy parts, one line each), the public barrels (the script tag's entry,
 * elements/cdn/mantis-ui.ts, is the elements' barrel that elements/index.ts re-exports), and the test kit.
 */
const REGISTRATION = ['src/protocols/register.ts', 'elements/internal/lazy.ts'];
const BARRELS = ['src/index.ts', 'elements/index.ts', 'elements/cdn/mantis-ui.ts'];
const allowed = (file: string): boolean => REGISTRATION.includes(file) || BARRELS.includes(file) || file.startsWith('src/testing/');

/** Where event detail types are declared: they may name a protocol's types (type-only). */
const EVENT_DETAILS = 'elements/events.ts';

function sources(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Import {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

/** Every relative import of a file: static imports, re-exports and dynamic `import('…')`. */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean): void => {
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return;
    const to = relative(root, resolve(root, dirname(file), specifier.text)).replace(/\.js$/, '.ts');
    found.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allTypes =
        !!clause && !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, !!clause && (clause.isTypeOnly || allTypes));
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      const allTypes = !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, node.isTypeOnly || allTypes);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal as ts.Expression, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const IMPORTS = [...sources('src'), ...sources('elements')].flatMap(importsOf);

const inside = (file: string, folders: readonly string[]): boolean => folders.some((folder) => file.startsWith(folder));

for (const [protocol, folders] of Object.entries(PROTOCOLS)) {
  test(`${protocol} modules are imported from outside ${folders.join(', ')} only by the registration files, barrels, src/testing/ and event detail types`, () => {
    const crossing = IMPORTS.filter((i) => inside(i.to, folders) && !inside(i.from, folders));
    // The walk sees the imports it must (so an empty list of offenders means something): the registration and the core barrel.
    const importers = new Set(crossing.map((i) => i.from));
    for (const file of ['src/protocols/register.ts', 'src/index.ts', 'elements/cdn/mantis-ui.ts']) assert.ok(importers.has(file), `${file} imports ${protocol}`);
    const offenders = crossing
      .filter((i) => !allowed(i.from) && !(i.typeOnly && i.from === EVENT_DETAILS))
      .map((i) => `${i.from} → ${i.to}${i.typeOnly ? ' (type-only)' : ''}`);
    assert.deepEqual(offenders, [], `imports of ${protocol} modules from outside its folders:\n${offenders.join('\n')}`);
  });
}

test('the walk tells type-only imports from value imports, and finds dynamic imports', () => {
  const find = (from: string, to: string): Import | undefined => IMPORTS.find((i) => i.from === from && i.to === to);
  assert.equal(find('elements/events.ts', 'src/protocols/a2ui/types.ts')?.typeOnly, true);
  assert.equal(find('src/protocols/register.ts', 'src/protocols/a2ui/index.ts')?.typeOnly, false);
  // lazy.ts imports the MapLibre adapter's types, and the module itself by a dynamic import().
  const adapter = IMPORTS.filter((i) => i.from === 'elements/internal/lazy.ts' && i.to === 'elements/maplibre/maplibre-adapter.ts');
  assert.deepEqual(adapter.map((i) => i.typeOnly).sort(), [false, true]);
});

/**
 * The core's folders form layers: no folder imports, through any chain of files, a folder that imports it back. The
 * composition roots (the barrel src/index.ts and the registration src/protocols/register.ts, which import every
 * protocol) and src/testing/ stand outside; src/protocols/<name>/ counts as a folder of its own, files directly in
 * src/ as one.
 */
test('the folders of src/ import each other without cycles (schema, catalog, actions, message, chat, each protocol)', () => {
  const folderOf = (file: string): string => {
    const parts = file.split('/');
    if (parts.length === 2) return 'src/(root)';
    return parts[1] === 'protocols' && parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
  };
  const outside = (file: string): boolean => file === 'src/index.ts' || file === 'src/protocols/register.ts' || file.startsWith('src/testing/');
  const edges = new Map<string, Map<string, string>>();
  for (const i of IMPORTS) {
    if (!i.from.startsWith('src/') || !i.to.startsWith('src/') || outside(i.from)) continue;
    const [a, b] = [folderOf(i.from), folderOf(i.to)];
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    if (!edges.get(a)?.has(b)) edges.get(a)?.set(b, `${i.from} → ${i.to}`);
  }
  assert.ok(edges.get('src/chat')?.has('src/message'), 'the walk sees chat importing the message model');
  // A cycle is a folder that reaches itself: list one path back for each.
  const cycles: string[] = [];
  for (const start of edges.keys()) {
    const back = new Map<string, string[]>([[start, []]]);
    const queue = [start];
    while (queue.length > 0) {
      const at = queue.shift() as string;
      for (const [next, via] of edges.get(at) ?? []) {
        const path = [...(back.get(at) ?? []), via];
        if (next === start) {
          cycles.push(`${start}: ${path.join(', ')}`);
          queue.length = 0;
          break;
        }
        if (!back.has(next)) {
          back.set(next, path);
          queue.push(next);
        }
      }
    }
  }
  assert.deepEqual(cycles, [], `folders that import themselves back:\n${cycles.join('\n')}`);
});

/*
 * What the catalog says about its components (descriptions, example views) is for the prompt and the A2UI catalog
 * JSON only: it lives in src/catalog/docs/, which only src/catalog/docs.ts imports (and that, only the prompt, the
 * A2UI catalog and the core's barrel), so a build where a lazy part uses
 * the docs still keeps them out of the file that validates and renders views (a chunk holds whole modules).
 */
test('the catalog docs are modules of their own, imported only through src/catalog/docs.ts', async () => {
  const definitions = sources('src/catalog').filter((file) => !file.startsWith('src/catalog/docs'));
  const leaking: string[] = [];
  for (const file of definitions) {
    const exported = Object.keys((await import(join(root, file))) as Record<string, unknown>);
    leaking.push(...exported.filter((name) => /(Description|Example)$/.test(name)).map((name) => `${file}: ${name}`));
  }
  assert.deepEqual(leaking, [], 'a catalog module that validates views exports docs');
  const docs = sources('src/catalog/docs');
  assert.ok(docs.length >= 11, 'one docs module per component file');
  const importers = IMPORTS.filter((i) => inside(i.to, ['src/catalog/docs/']) && !i.typeOnly).map((i) => i.from);
  assert.deepEqual([...new Set(importers)], ['src/catalog/docs.ts']);
  // And docs.ts only by what prints them and the prompt's entry, never by the core's barrel, the catalog's index the
  // elements import, or the A2UI catalog the renderer validates with (its words are a module of their own).
  const readers = IMPORTS.filter((i) => i.to === 'src/catalog/docs.ts' && !i.typeOnly).map((i) => i.from);
  assert.deepEqual([...new Set(readers)].sort(), ['src/prompt/index.ts', 'src/prompt/inline-ui-prompt.ts', 'src/protocols/a2ui/catalog-mantis-docs.ts']);
  const renderer = IMPORTS.filter((i) => i.to === 'src/protocols/a2ui/catalog-mantis-docs.ts' && !i.typeOnly).map((i) => i.from);
  assert.deepEqual([...new Set(renderer)], ['src/protocols/a2ui/catalog-tools.ts'], 'only the entry of the catalog tools');
});
