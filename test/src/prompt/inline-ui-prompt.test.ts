import { expect } from '@open-wc/testing';
import { NODE_TYPES } from '../../../src/index.js';
import { buildInlineUiPrompt } from '../../../src/prompt/index.js';
import { extractViewFences, promptCases } from './prompt-checks.js';

describe('buildInlineUiPrompt', () => {
  for (const { name, problems } of promptCases()) {
    it(name, () => {
      expect(problems()).to.deep.equal([]);
    });
  }

  it('carries one example per component, and every component type by name', () => {
    const text = buildInlineUiPrompt();
    expect(extractViewFences(text)).to.have.length(NODE_TYPES.length);
    for (const type of NODE_TYPES) expect(text).to.contain(`"${type}"`);
  });
});
