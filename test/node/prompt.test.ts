// The backend inline-UI prompt and the maximal view, in plain Node: backends build the prompt where there is no DOM.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildMaximalView, countNodes, maxDepth } from '../../bench/maximal-view.js';
import { LIMITS, NODE_TYPES, utf8Length, validateView } from '../../src/index.js';
import { buildInlineUiPrompt } from '../../src/prompt/index.js';
import { extractViewFences, promptCases } from '../src/prompt/prompt-checks.js';
import { promptShapes, shapesModule } from '../../src/prompt/schema-shapes.js';
import { readFileSync } from 'node:fs';

describe('buildInlineUiPrompt in Node', () => {
  for (const { name, problems } of promptCases()) {
    it(name, () => {
      assert.deepEqual(problems(), []);
    });
  }

  it('carries one example per component, and every component type by name', () => {
    const text = buildInlineUiPrompt();
    assert.equal(extractViewFences(text).length, NODE_TYPES.length);
    for (const type of NODE_TYPES) assert.ok(text.includes(`"${type}"`), type);
  });

  it('states the shapes the schemas have now: src/prompt/shapes.ts is what `npm run prompt-shapes` writes', () => {
    const written = readFileSync(new URL('../../src/prompt/shapes.ts', import.meta.url), 'utf8');
    assert.equal(written, shapesModule(promptShapes()), 'a schema changed: run `npm run prompt-shapes`');
  });
});

describe('the maximal view of the benchmark', () => {
  const { json } = buildMaximalView();

  it(`is exactly ${LIMITS.viewBytes} UTF-8 bytes with ${LIMITS.nodesPerView} nodes`, () => {
    assert.equal(utf8Length(json), LIMITS.viewBytes);
    assert.equal(Buffer.byteLength(json, 'utf8'), LIMITS.viewBytes);
    assert.equal(countNodes(JSON.parse(json).root), LIMITS.nodesPerView);
    assert.equal(maxDepth(JSON.parse(json).root), LIMITS.depth);
  });

  it('validates with no issues', () => {
    const result = validateView(json);
    assert.equal(result.ok, true, JSON.stringify(result.issues));
    assert.deepEqual(result.issues, []);
  });

  it('is refused one byte later', () => {
    const longer = json.replace('"version":1', '"version":1 ');
    assert.equal(utf8Length(longer), LIMITS.viewBytes + 1);
    assert.deepEqual(validateView(longer), { ok: false, reason: 'too-large', issues: [{ path: '', message: `over ${LIMITS.viewBytes} bytes` }] });
  });

  it('is refused with one node more, even within the byte limit', () => {
    const view = JSON.parse(json);
    type Loose = { type: string; content?: string; children?: Loose[] };
    const find = (node: Loose): Loose | undefined => (node.type === 'artifact' ? node : node.children?.map(find).find(Boolean));
    const artifact = find(view.root);
    assert.ok(artifact?.content, 'the view holds the padded artifact');
    artifact.content = artifact.content.slice(0, -100);
    view.root.children.push({ id: 'one-more', type: 'heading', text: 'One more' });
    assert.ok(utf8Length(JSON.stringify(view)) <= LIMITS.viewBytes);
    const result = validateView(JSON.stringify(view));
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.reason, 'too-large');
  });
});
