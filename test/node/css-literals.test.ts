// The builds strip CSS comments and indentation from Lit's css`` templates (scripts/css-literals.ts, used by
// vite.config.ts): the rules, the `${…}` expressions inside a template and all code outside templates stay as written.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { minifyCssLiterals } from '../../scripts/css-literals.js';

test('comments and indentation leave a css`` template; its rules and expressions stay', () => {
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
      ':host { display: block;  color: ${unsafeCSS(`red`)}; }',
      ".q::before { content: '\\\\201C'; }",
      '.x { margin: ${gap({ a: 1 })}px; }',
      '`;',
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
