import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { render } from 'lit';
import { Lexer } from 'marked';
import { markdownWork, renderMarkdown, streamingMarkdown } from '../../../elements/internal/markdown.js';
import { MIXED_DOCUMENTS } from '../../helpers/documents.js';
import { oneShotHtml, streamMarkdown } from '../../helpers/streaming-markdown.js';
import { BIG_BLOCKS, LINE_PIECES, SHAPED_DOCUMENTS } from '../../src/markdown/shaped-documents.js';

/** Element structure and text, ignoring whitespace between blocks. */
const shape = (root: Node): string => {
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ');
    if (node instanceof DocumentFragment) return [...node.childNodes].map(walk).join('');
    if (!(node instanceof Element)) return '';
    const inner = [...node.childNodes].map(walk).join('');
    return ['div'].includes(node.localName) ? inner : `<${node.localName}>${inner}</${node.localName}>`;
  };
  return walk(root).replace(/\s+/g, ' ').replace(/> </g, '><').trim();
};

const stream = streamMarkdown;

describe('streamingMarkdown', () => {
  it('renders the same document as a one-shot render, for any chunking', async () => {
    for (const doc of MIXED_DOCUMENTS) {
      const expected = shape(renderMarkdown(doc, 'prose'));
      for (const size of [1, 4, 13]) {
        const host = await stream(doc, size);
        expect(shape(host), `chunks of ${size}`).to.equal(expected);
      }
    }
  });

  it('renders each finished block once: its DOM node stays the same while later text streams', async () => {
    const doc = MIXED_DOCUMENTS[0] as string;
    let first: Element | null = null;
    await stream(doc, 4, (host) => {
      // Once the heading is a finished block (no longer in the open block), it is never rendered again.
      const heading = host.querySelector('.md > h1');
      if (heading && !first) first = heading;
      if (first) expect(host.querySelector('h1')).to.equal(first);
    });
    expect(first).not.to.equal(null);
  });

  it('shows half-received emphasis as emphasis while streaming', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    render(streamingMarkdown('This is **bol', 'prose', true), host);
    expect(host.querySelector('strong')?.textContent).to.equal('bol');
    expect(host.textContent).not.to.contain('**');
  });

  it('never makes a live link of a link that is still streaming, and makes it live once its block is done', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    for (const partial of ['See [docs](https://exa', 'See [docs](https://example.com', 'See [docs](https://example.com)', 'See www.exa']) {
      render(streamingMarkdown(partial, 'prose', true), host);
      expect(host.querySelector('a'), partial).to.equal(null);
      render(html``, host);
    }
    render(streamingMarkdown('See [docs](https://example.com).\n\nNext\n', 'prose', true), host);
    expect(host.querySelector('a')?.getAttribute('href')).to.equal('https://example.com');
    expect(host.querySelector('a')?.getAttribute('rel')).to.equal('noopener noreferrer nofollow');
  });

  it('shows citation markup written as a link, [2](mantis://…), as the bare [2]: its number in brackets, never a link', async () => {
    const doc = 'Dense [2](mantis://map/city/point/J-101), sparse [3], and [the docs](https://example.com).\n\n- item [12](mantis://map/m/cluster/c1)\n';
    for (const profile of ['prose', 'restricted'] as const) {
      const fragment = renderMarkdown(doc, profile);
      expect(fragment.querySelector('p')?.textContent, profile).to.equal('Dense [2], sparse [3], and the docs.');
      expect(fragment.querySelector('li')?.textContent, profile).to.equal('item [12]');
      expect([...fragment.querySelectorAll('a')].map((a) => a.getAttribute('href')), profile).to.deep.equal(profile === 'prose' ? ['https://example.com'] : []);
    }
    // Streamed in any chunking: never a live mantis: link, and, once the markup is whole, the bracketed number.
    for (const size of [1, 5, 17]) {
      const host = await stream(doc, size, (h) => expect(h.querySelector('a[href^="mantis"]')).to.equal(null));
      expect(host.querySelector('p')?.textContent, `chunks of ${size}`).to.equal('Dense [2], sparse [3], and the docs.');
      expect(host.querySelector('li')?.textContent, `chunks of ${size}`).to.equal('item [12]');
      expect(host.mismatches, `chunks of ${size}`).to.equal(0);
    }
    // Not citation markup (no number, a number out of range, another scheme): as before, the link's text alone.
    expect(renderMarkdown('[x](mantis://map/m/point/p) [0](mantis://map/m/point/p) [2](javascript:alert(1))', 'prose').textContent?.trim()).to.equal('x 0 2');
  });

  it('re-renders earlier blocks when a link definition they use arrives', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    render(streamingMarkdown('See [the docs][d].\n\nMore text.\n\n', 'prose', true), host);
    expect(host.querySelector('a')).to.equal(null);
    render(streamingMarkdown('See [the docs][d].\n\nMore text.\n\n[d]: https://example.com/docs\n\nEnd.\n', 'prose', true), host);
    expect(host.querySelector('a')?.getAttribute('href')).to.equal('https://example.com/docs');
  });
});

/** The streamed container's HTML without the (empty, once ended) open block. */
const streamedHtml = (host: HTMLElement): string => {
  const root = host.querySelector('.md')?.cloneNode(true) as HTMLElement;
  root.querySelector(':scope > .md-open')?.remove();
  return root.innerHTML;
};

/** Whether rendering each top-level token of `doc` alone gives the one-shot HTML (a property of marked, not ours). */
const blocksIndependent = (doc: string): boolean =>
  Lexer.lex(doc, { gfm: true }).map((token) => oneShotHtml(token.raw)).join('') === oneShotHtml(doc);

/** Streams `doc` cut at `cuts` (positions), rendering after every piece, then ends it. */
function streamCuts(host: HTMLElement, doc: string, cuts: readonly number[], profile: 'prose' | 'restricted' = 'prose'): void {
  const points = [...new Set(cuts.map((c) => c % (doc.length + 1)))].sort((a, b) => a - b);
  for (const point of points) render(streamingMarkdown(doc.slice(0, point), profile, true), host);
  render(streamingMarkdown(doc, profile, true), host);
  render(streamingMarkdown(doc, profile, false), host);
}

describe('streamingMarkdown, one growing block', () => {
  it('ends with exactly the HTML of a one-shot render, for code fences, lists, tables, paragraphs and mixtures, in any chunking', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    for (const doc of SHAPED_DOCUMENTS) {
      const expected = oneShotHtml(doc);
      for (const size of [1, 3, 7, 64]) {
        render(html``, host);
        streamCuts(host, doc, Array.from({ length: Math.ceil(doc.length / size) }, (_, i) => i * size));
        expect(streamedHtml(host), `chunks of ${size}: ${JSON.stringify(doc.slice(0, 60))}`).to.equal(expected);
      }
    }
  });

  it('keeps every item of a list that turns loose across a chunk (a counterexample the property found)', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const doc = '  - nested\n\n  - nested\n# Head\n';
    for (let cut = 0; cut <= doc.length; cut++) {
      render(html``, host);
      streamCuts(host, doc, [cut]);
      expect(streamedHtml(host), `cut at ${cut}`).to.equal(oneShotHtml(doc));
    }
  });

  it('ends with the one-shot HTML for generated documents cut anywhere (property)', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const doc = fc.array(fc.constantFrom(...LINE_PIECES), { minLength: 1, maxLength: 40 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(doc, fc.array(fc.nat(), { maxLength: 60 }), (text, cuts) => {
        // Blocks render independently except after a marked quirk (a lazy indented line merged into a paragraph
        // that a later line ends): such documents never stream exactly, however they are cut, so they are skipped.
        fc.pre(blocksIndependent(text));
        render(html``, host);
        streamCuts(host, text, cuts);
        expect(streamedHtml(host), JSON.stringify(text)).to.equal(oneShotHtml(text));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps finished items, rows, code lines and paragraph runs: their nodes stay while the block grows', async () => {
    for (const [selector, doc] of [
      ['li', '- 1\n- 2\n- 3\n- 4\n'],
      ['tbody tr', '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n'],
      ['p', 'Line 1 *a*.\nLine 2.\nLine 3.\nLine 4.\n'],
      ['code', '```\nline 1\nline 2\nline 3\n'],
    ] as const) {
      let first: Element | null = null;
      await stream(doc, 2, (host) => {
        const node = host.querySelector(`.md-open ${selector}`);
        if (node && !first && host.querySelector('.md-open')?.textContent?.includes('3')) first = node;
        if (first) expect(host.querySelector(`.md-open ${selector}`), doc).to.equal(first);
      });
      expect(first, doc).not.to.equal(null);
    }
  });

  it('renders a bounded number of characters per chunk, however large the open block grows', async () => {
    for (const [name, doc] of Object.entries(BIG_BLOCKS)) {
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      const perChunk: number[] = [];
      const size = 16;
      let text = '';
      for (let i = 0; i < doc.length; i += size) {
        text += doc.slice(i, i + size);
        markdownWork.chars = 0;
        render(streamingMarkdown(text, 'prose', true), host);
        perChunk.push(markdownWork.chars);
      }
      // Past the start, no chunk renders more than a few lines' worth, although the block is tens of KB.
      const worst = Math.max(...perChunk.slice(10));
      expect(doc.length, name).to.be.greaterThan(20_000);
      expect(worst, `${name}: worst chunk rendered ${worst} characters`).to.be.lessThan(600);
      render(streamingMarkdown(text, 'prose', false), host);
      expect(streamedHtml(host), name).to.equal(oneShotHtml(doc));
    }
  });

  it('closes half-received emphasis in the open item, row or run only, and keeps links of finished parts live only when complete', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    render(streamingMarkdown('- a [x](https://example.com/x)\n- b\n  **bol', 'prose', true), host);
    expect(host.querySelector('li:last-child strong')?.textContent).to.equal('bol');
    // The finished item's link is live; the open item's is not.
    expect(host.querySelectorAll('a')).to.have.length(1);
    render(streamingMarkdown('- a [x](https://example.com/x)\n- b\n  **bold** [y](https://exa', 'prose', true), host);
    expect(host.querySelectorAll('a')).to.have.length(1);
    render(html``, host);
    render(streamingMarkdown('| a |\n|---|\n| [x](https://example.com/x) |\n| *it', 'prose', true), host);
    expect(host.querySelectorAll('a')).to.have.length(1);
    expect(host.querySelector('tr:last-child em')?.textContent).to.equal('it');
    render(html``, host);
    render(streamingMarkdown('A [x](https://example.com/x).\nSecond.\nThird [y](https://example.com/y)', 'prose', true), host);
    expect([...host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.com/x']);
    render(streamingMarkdown('A [x](https://example.com/x).\nSecond.\nThird [y](https://example.com/y)', 'prose', false), host);
    expect(host.querySelectorAll('a')).to.have.length(2);
  });

  it('sanitizes every part: hostile text in fences, items, rows and runs never becomes markup', async () => {
    const attack = '<img src=x onerror=alert(1)><script>alert(1)</script>[a](javascript:alert(1))';
    const doc = `\`\`\`\n${attack}\n${attack}\n\`\`\`\n\n- ${attack}\n- ${attack}\n\n| ${attack} |\n|---|\n| ${attack} |\n| ${attack} |\n\nP ${attack}\nQ ${attack}\nR\n`;
    const host = await stream(doc, 5, (h) => {
      expect(h.querySelector('img, script, [onerror]')).to.equal(null);
      expect(h.querySelector('a[href^="javascript"]')).to.equal(null);
    });
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
  });

  it('re-renders a growing list, table or paragraph when a link definition it uses arrives', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const doc = '- see [d]\n- more\n\n| a |\n|---|\n| [d] |\n\nSee [d].\nAgain.\n\n[d]: https://example.com/d\n\nEnd.\n';
    streamCuts(host, doc, Array.from({ length: doc.length }, (_, i) => i));
    expect(host.querySelectorAll('a[href="https://example.com/d"]')).to.have.length(3);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
  });
});
