// The tester's example in the docs is the test that runs in our suite, word for word: the block after the
// `<!-- testing-example -->` marker must equal test/readme-example.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

const MARKER = '<!-- testing-example -->';
const EXAMPLE = 'test/readme-example.test.ts';

/** The code block right after the marker in a Markdown file, or null when there is none. */
function exampleIn(markdown: string): string | null {
  const at = markdown.indexOf(MARKER);
  if (at === -1) return null;
  const block = /^\s*```ts\n([\s\S]*?)^```$/m.exec(markdown.slice(at + MARKER.length));
  return block?.[1] ?? null;
}

describe('the tester example', () => {
  test('docs/testing.md shows test/readme-example.test.ts exactly', () => {
    const shown = exampleIn(readFileSync('docs/testing.md', 'utf8'));
    assert.notEqual(shown, null, `docs/testing.md has no \`\`\`ts block after ${MARKER}`);
    assert.equal(shown, readFileSync(EXAMPLE, 'utf8'));
  });

  test('README.md shows test/readme-example.test.ts exactly', () => {
    const shown = exampleIn(readFileSync('README.md', 'utf8'));
    assert.notEqual(shown, null, `README.md has no \`\`\`ts block after ${MARKER}`);
    assert.equal(shown, readFileSync(EXAMPLE, 'utf8'));
  });
});
