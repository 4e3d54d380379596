// The template types hosts get from the built package (npm test builds dist/ and the hosts first; without them these
// tests skip, saying so): `mantis-ui/jsx` in a React 19 app (test/types/react-jsx.tsx), `mantis-ui/svelte` under
// svelte-check (demo/hosts/svelte/type-tests/), and Angular's strictTemplates on the tags' events and references
// (demo/hosts/angular/type-tests/). Each fixture has right uses, which must compile, and wrong ones, which must not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { elementsOf, jsxTypes, propsOf, quoted, svelteTypes } from '../../scripts/framework-types.js';

const built = existsSync('dist/types/jsx.d.ts') && existsSync('dist/types/elements/index.d.ts');
const notBuilt = built ? false : 'dist/types is absent: run `npm run build` first';
const svelteHost = 'demo/hosts/svelte';
const angularHost = 'demo/hosts/angular';
const hostReady = (dir: string, bin: string) =>
  !built ? notBuilt : existsSync(`${dir}/node_modules/.bin/${bin}`) ? false : `${dir} is not installed: run \`node scripts/hosts.mjs\` first`;

/** Runs a command, bounded, and hands back its exit status and everything it printed. */
function run(command: string, args: string[], cwd = '.'): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 180_000 });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
}

/** The 1-based lines that follow a `wrong:` comment in a fixture: the lines that must have an error. */
function wrongLines(file: string): number[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines.flatMap((line, index) => (line.trim().startsWith('<!-- wrong: ') ? [index + 2] : []));
}

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));

describe('the template types generated from custom-elements.json', () => {
  test('name every tag, attribute, property-only field and event of the manifest, in both files', () => {
    const jsx = jsxTypes(manifest);
    const svelte = svelteTypes(manifest);
    const elements = elementsOf(manifest);
    assert.ok(elements.length >= 6, `only ${elements.length} elements`);
    for (const element of elements) {
      assert.ok(jsx.includes(`'${element.tagName}': {`), `jsx: no ${element.tagName}`);
      assert.ok(jsx.includes(`'${element.tagName}': ReactProps<'${element.tagName}', ${element.name}>`), `jsx: ${element.tagName} is not in React's IntrinsicElements`);
      assert.ok(svelte.includes(`'${element.tagName}': HTMLAttributes<${element.name}>`), `svelte: no ${element.tagName}`);
      for (const prop of propsOf(element)) {
        const key = quoted(prop.key);
        assert.ok(svelte.includes(`${key}?: `), `svelte: ${element.tagName} has no ${prop.key}`);
        // React keeps key for itself: a media item's key is set through a ref.
        if (prop.key !== 'key') assert.ok(jsx.includes(`${key}?: ${prop.type};`), `jsx: ${element.tagName} has no ${prop.key}`);
      }
    }
    const chat = elements.find((element) => element.tagName === 'mantis-chat');
    assert.ok(chat);
    const keys = propsOf(chat).map((prop) => prop.key);
    assert.ok(keys.includes('history-key') && !keys.includes('historyKey'), 'an attribute-backed field goes by its attribute name');
    assert.ok(keys.includes('messages') && keys.includes('onmantis-message-complete'));
    assert.ok(!keys.includes('conversation'), 'a read-only property is not settable');
  });

  test('the built files are those of the committed manifest', { skip: notBuilt }, () => {
    assert.equal(readFileSync('dist/types/jsx.d.ts', 'utf8'), jsxTypes(manifest));
    assert.equal(readFileSync('dist/types/svelte.d.ts', 'utf8'), svelteTypes(manifest));
  });

  test('mantis-ui/jsx: a React 19 app type-checks the right uses of every tag and rejects each wrong one', { skip: notBuilt }, () => {
    // Every wrong use is a `@ts-expect-error` line: one that is no error fails the compile ("Unused '@ts-expect-error'").
    const { status, output } = run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'test/types/tsconfig.json']);
    assert.equal(status, 0, output);
    const fixture = readFileSync('test/types/react-jsx.tsx', 'utf8');
    assert.ok((fixture.match(/@ts-expect-error/g) ?? []).length >= 9, 'the fixture lost its wrong uses');
  });

  test('mantis-ui/svelte: svelte-check refuses each wrong use in a template, and only those', { skip: hostReady(svelteHost, 'svelte-check') }, () => {
    const fixture = `${svelteHost}/type-tests/Wrong.svelte`;
    const want = wrongLines(fixture);
    assert.ok(want.length >= 6, 'the fixture lost its wrong uses');
    const { output } = run('node_modules/.bin/svelte-check', ['--tsconfig', './tsconfig.type-tests.json', '--output', 'machine'], svelteHost);
    // Machine output: `<time> ERROR "type-tests/Wrong.svelte" <line>:<column> "<message>"`.
    const errors = [...output.matchAll(/ERROR "([^"]+)" (\d+):\d+ "([^\n]*)"/g)].map(([, file, line, message]) => ({ file, line: Number(line), message }));
    assert.ok(errors.every((error) => error.file === 'type-tests/Wrong.svelte'), output);
    assert.deepEqual([...new Set(errors.map((error) => error.line))].sort((a, b) => a - b), want, output);
    // svelte-check escapes the quotes inside its messages.
    assert.match(output, /'\\"tcp\\"' is not assignable to type 'ChatTransportKind/);
    assert.match(output, /'\\"historyKey\\"' does not exist/);
  });

  test('Angular strictTemplates: a mantis-ui event handler of another detail and an unknown method of the tag fail the build', { skip: hostReady(angularHost, 'ngc') }, () => {
    const fixture = `${angularHost}/type-tests/wrong-event.ts`;
    const want = wrongLines(fixture);
    assert.ok(want.length >= 3, 'the fixture lost its wrong uses');
    const { status, output: coloured } = run('node_modules/.bin/ngc', ['-p', 'tsconfig.type-tests.json'], angularHost);
    // ngc colours its report even into a pipe.
    const output = coloured.replace(/\x1b\[[0-9;]*m/g, '');
    assert.notEqual(status, 0, output);
    const lines = [...output.matchAll(/type-tests\/wrong-event\.ts:(\d+):\d+ - error (?:TS|NG)\d+/g)].map(([, line]) => Number(line));
    assert.deepEqual(lines, want, output);
    assert.match(output, /CustomEvent<SendDetail>' is not assignable to parameter of type 'CustomEvent<MessageCompleteDetail>'/);
    assert.match(output, /Property 'sendMessage' does not exist on type 'MantisChat'/);
  });
});
