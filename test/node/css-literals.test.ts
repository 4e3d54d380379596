// The builds strip CSS comments and indentation from Lit's css`` templates, and indentation from its html`` templates
// (scripts/css-literals.ts, used by vite.config.ts): the rules, the markup, the `${…}` expressions inside a template and
// all code outside templates stay as written.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { minifyCssLiterals, minifyHtmlLiterals } from '../../scripts/css-literals.js';

test('comments, indentation and the white space around punctuation leave a css`` template; its rules and expressions stay', () => {
  const source = [
    "const a = `/* not css */ ${x}`;",
    'export const styles = css`',
    '  /* why the host is a block */',
    '  :host { display: block; /* inline one */ color: ${unsafeCSS(`red`)}; }',
    "  .q::before { content: '\\\\201C'; }",
    '  /*',
    '   * a long one',
    '   */',
    '  .x { margin: ${gap({ a: 1 })}px; }',
    '`;',
    '/* a comment of the code */',
  ].join('\n');
  assert.equal(
    minifyCssLiterals(source),
    [
      "const a = `/* not css */ ${x}`;",
      'export const styles = css`',
      ":host{display:block;color:${unsafeCSS(`red`)};}.q::before{content:'\\\\201C';}.x{margin:${gap({ a: 1 })}px;}`;",
      '/* a comment of the code */',
    ].join('\n'),
  );
});

test('every styles file keeps its rules: only comments and whitespace go', () => {
  for (const file of ['elements/mantis-chat/mantis-chat.styles.ts', 'elements/internal/theme.styles.ts', 'elements/mantis-ui-view/mantis-ui-view.styles.ts']) {
    const source = readFileSync(file, 'utf8');
    const minified = minifyCssLiterals(source);
    assert.ok(minified.length < source.length, `${file}: nothing removed`);
    const rules = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '');
    assert.equal(rules(minified), rules(source), file);
  }
});

test('indentation leaves an html`` template and the templates in its expressions; markup, expressions and other code stay', () => {
  const source = [
    'const plain = `a',
    '    b`;',
    'return html`<p part="x">',
    '    ${cond ? html`<span>',
    '        ${value}</span>` : nothing}',
    '    <b title="${`kept ${`as`}',
    '      is`}">x</b>',
    '  </p>`;',
  ].join('\n');
  assert.equal(
    minifyHtmlLiterals(source),
    [
      'const plain = `a',
      '    b`;',
      'return html`<p part="x">',
      '${cond ? html`<span>',
      '${value}</span>` : nothing}',
      '<b title="${`kept ${`as`}',
      '      is`}">x</b>',
      '</p>`;',
    ].join('\n'),
  );
});

test('every element file keeps its markup: only the white space after line breaks goes', () => {
  const files = readdirSync('elements', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  let changed = 0;
  for (const file of files) {
    const source = readFileSync(`elements/${file}`, 'utf8');
    const minified = minifyHtmlLiterals(source);
    if (minified !== source) changed += 1;
    const normal = (code: string) => code.replace(/\n\s*/g, '\n');
    assert.equal(normal(minified), normal(source), file);
  }
  assert.ok(changed > 20, `only ${changed} files changed`);
});
