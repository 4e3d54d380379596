import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { Lexer, type Token } from 'marked';
import { createQuoteDepthCap, MAX_QUOTE_DEPTH } from '../../../src/markdown/quote-depth.js';

/** The depth of the deepest block quote marked makes of `text`. */
function quoteDepth(text: string): number {
  const depth = (tokens: readonly Token[]): number =>
    Math.max(0, ...tokens.map((token) => (token.type === 'blockquote' ? 1 : 0) + depth((token as { tokens?: Token[] }).tokens ?? [])));
  return depth(Lexer.lex(text, { gfm: true }));
}

const capped = (text: string, pieces: readonly number[] = []): string => {
  const cap = createQuoteDepthCap();
  const points = [...new Set(pieces.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  let out = '';
  let from = 0;
  for (const point of [...points, text.length]) {
    out += cap.push(text.slice(from, point));
    from = point;
  }
  return out;
};

describe('createQuoteDepthCap', () => {
  it(`shows quotes at most ${MAX_QUOTE_DEPTH} deep: the further markers are text`, () => {
    const deep = `${'>'.repeat(1000)} deep\n`;
    const out = capped(deep);
    expect(out).to.equal(`${'>'.repeat(MAX_QUOTE_DEPTH)}\\${'>'.repeat(1000 - MAX_QUOTE_DEPTH)} deep\n`);
    expect(quoteDepth(out)).to.equal(MAX_QUOTE_DEPTH);
    expect(quoteDepth(deep)).to.be.greaterThan(MAX_QUOTE_DEPTH);
    // Markers with spaces between them count the same.
    expect(quoteDepth(capped(`${'> '.repeat(100)}x\n`))).to.equal(MAX_QUOTE_DEPTH);
  });

  it('leaves everything else as it is: shallow quotes, text, indented and fenced code', () => {
    for (const text of [
      '> one\n>> two\n> > > three\n\nText > with > markers.\n',
      `    ${'>'.repeat(100)} indented code\n`,
      `\`\`\`\n${'>'.repeat(100)} in a fence\n\`\`\`\n`,
      `~~~~\n${'>'.repeat(100)}\n~~~\n${'>'.repeat(100)}\n~~~~\n`,
      '',
    ]) {
      expect(capped(text), text.slice(0, 30)).to.equal(text);
    }
    // After the fence closes, deep quotes are capped again.
    expect(capped(`\`\`\`\nx\n\`\`\`\n${'>'.repeat(40)}\n`)).to.contain('\\>');
    // A line ended by a CR alone is a line to marked.
    expect(capped(`${'>'.repeat(40)}\r${'>'.repeat(40)}\r`).split('\\').length).to.equal(3);
  });

  it('gives the same text however the stream is cut (property)', () => {
    const piece = fc.constantFrom('>', '> ', '>>>>>>>>', ' ', '   ', '\t', 'x', '\n', '\r', '```', '~~~', '`', 'text ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 200 }), fc.array(fc.nat(), { maxLength: 30 }), (pieces, cuts) => {
        const text = pieces.join('');
        expect(capped(text, cuts), JSON.stringify(text)).to.equal(capped(text));
      }),
      { numRuns: 300 },
    );
  });
});
