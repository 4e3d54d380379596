import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { render } from 'lit';
import { markdownWork, streamingMarkdown } from '../../../elements/internal/markdown.js';
import { CHUNK_PARTS, PARAGRAPH_CHUNK_CHARS, REDRAW_CHARS, TABLE_FREEZE_ROWS } from '../../../elements/internal/open-block-view.js';
import { MAX_QUOTE_DEPTH } from '../../../src/markdown/quote-depth.js';
import { COMPOSER_LIMITS } from '../../../src/limits.js';
import { oneShotHtml, streamMarkdown } from '../../helpers/streaming-markdown.js';

/*
 * How the open block is drawn so that streaming work stays linear: chunks the browser lays out on their own, frozen
 * table columns, batched parts, runs settled inside a long line, and a long tail that nothing settles redrawn in steps.
 * Each ends as exactly the one-shot render.
 */

/** The streamed container's HTML (the open block is out of the tree once empty). */
const streamedHtml = (host: HTMLElement): string => (host.querySelector('.md') as HTMLElement).innerHTML;

const stream = streamMarkdown;

/** Property: each generated text, drawn at random cuts and then finished, ends as its one-shot render. */
async function endsAsOneShot(doc: fc.Arbitrary<string>): Promise<void> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  fc.assert(
    fc.property(doc, fc.array(fc.nat(), { maxLength: 40 }), (text, cuts) => {
      render(html``, host);
      const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
      markdownWork.mismatches = 0;
      for (const point of points) render(streamingMarkdown(text.slice(0, point), 'prose', true), host);
      render(streamingMarkdown(text, 'prose', false), host);
      expect(streamedHtml(host), JSON.stringify(text)).to.equal(oneShotHtml(text));
      // Drawn part by part, it was already its one-shot render: the safety net at its close was not needed.
      expect(markdownWork.mismatches, JSON.stringify(text)).to.equal(0);
    }),
    { numRuns: 300 },
  );
}

const codeDoc = (lines: number) => `\`\`\`ts\n${Array.from({ length: lines }, (_, i) => `const a${i} = ${i}; // <b>${i}</b>\n`).join('')}\`\`\`\n`;
const listDoc = (items: number, bullet: (i: number) => string) => Array.from({ length: items }, (_, i) => `${bullet(i)} item **${i}** [l](https://example.com/${i})\n`).join('');
const tableDoc = (rows: number) => `| n | name | value |\n|---|:---|---:|\n${Array.from({ length: rows }, (_, i) => `| ${i} | row *${i}* | ${i * 3} |\n`).join('')}`;
const sentence = (i: number) => `Sentence ${i} has *emphasis*, \`code\`, a [link](https://example.com/${i}) and plain words. `;
const longLine = (sentences: number) => `${Array.from({ length: sentences }, (_, i) => sentence(i)).join('')}end.\n`;

describe('streamingMarkdown, chunks of a growing block', () => {
  it('streams a long code block in chunks of lines, and ends as one text node', async () => {
    const doc = codeDoc(3 * CHUNK_PARTS + 5);
    let seen = 0;
    const host = await stream(doc, 97, (h) => {
      const chunks = h.querySelectorAll('.md-open code.streaming > span.chunk');
      seen = Math.max(seen, chunks.length);
      for (const chunk of [...chunks].slice(0, -1)) expect(chunk.textContent?.split('\n').length).to.equal(CHUNK_PARTS + 1);
    });
    expect(seen).to.equal(4);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
    expect(host.mismatches).to.equal(0);
    expect(host.querySelector('code')?.childNodes).to.have.length(1);
    expect(host.querySelector('b')).to.equal(null);
  });

  it('streams a long ordered list as list chunks that continue its numbering, and ends as one list', async () => {
    const doc = listDoc(2 * CHUNK_PARTS + 10, (i) => `${i + 7}.`);
    let checked = false;
    const host = await stream(doc, 61, (h) => {
      const lists = h.querySelectorAll('.md-open > ol');
      if (lists.length < 3) return;
      // Each chunk starts where the one before it ends, and only the chunks are marked.
      expect([...lists].map((list) => list.getAttribute('start'))).to.deep.equal(['7', String(7 + CHUNK_PARTS), String(7 + 2 * CHUNK_PARTS)]);
      expect([...lists].map((list) => list.className)).to.deep.equal(['continued', 'chunk continued', 'chunk']);
      checked = true;
    });
    expect(checked).to.equal(true);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
    expect(host.mismatches).to.equal(0);
  });

  it('keeps what the sanitizer used to drop: a column alignment and an ordered list start', () => {
    // DOMPurify checks attributes it does not know to be URI-safe against the URL pattern: both were lost.
    expect(oneShotHtml('| a | b |\n|:--|--:|\n| 1 | 2 |\n')).to.contain('<td align="right">2</td>');
    expect(oneShotHtml('3. three\n4. four\n')).to.contain('<ol start="3">');
    expect(oneShotHtml('[x](javascript:alert(1))')).not.to.contain('href');
  });

  it('shows the first columns of a very wide table with a caption saying so, streamed as in one shot', async () => {
    const max = COMPOSER_LIMITS.markdownTableColumns;
    const columns = max + 37;
    const row = (cell: (c: number) => string, count = columns) => `|${Array.from({ length: count }, (_, c) => ` ${cell(c)} `).join('|')}|\n`;
    const doc = row((c) => `h${c}`) + row(() => '---') + Array.from({ length: TABLE_FREEZE_ROWS + 5 }, (_, r) => row((c) => `r${r}c${c}`)).join('');
    const host = await stream(doc, 211);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
    expect(host.mismatches).to.equal(0);
    const table = host.querySelector('table') as HTMLTableElement;
    expect([...table.rows].every((tr) => tr.cells.length === max)).to.equal(true);
    expect(table.rows.length).to.equal(TABLE_FREEZE_ROWS + 6);
    expect(table.caption?.textContent).to.equal(`The first ${max} of ${columns} columns are shown.`);
    expect(host.textContent).to.contain(`r0c${max - 1}`);
    expect(host.textContent).not.to.contain(`r0c${max}`);
    // A table within the limit has no caption.
    expect(oneShotHtml(`${row((c) => `h${c}`, max)}${row(() => '---', max)}`)).not.to.contain('caption');
  });

  it('keeps a loose list correct when it turns loose after its first chunks', async () => {
    const doc = `${listDoc(CHUNK_PARTS + 3, () => '-')}\n- loose now\n- last\n`;
    const host = await stream(doc, 53);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
  });

  it('freezes the columns of a long table and lays out its later rows in bodies of their own, then ends as one table', async () => {
    const doc = tableDoc(TABLE_FREEZE_ROWS + 2 * CHUNK_PARTS + 3);
    let frozen: string | null = null;
    let bodies = 0;
    const host = await stream(doc, 71, (h) => {
      const table = h.querySelector('.md-open table');
      if (!table?.classList.contains('streaming')) return;
      frozen ??= (table as HTMLElement).style.getPropertyValue('--_columns');
      // The widths are taken once: they never change while the table streams.
      expect((table as HTMLElement).style.getPropertyValue('--_columns')).to.equal(frozen);
      bodies = Math.max(bodies, table.querySelectorAll(':scope > tbody').length);
    });
    expect(frozen).to.match(/^[\d.]+px [\d.]+px [\d.]+px$/);
    expect(bodies).to.be.greaterThan(2);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
    // Drawn row by row and then unfrozen, it is its one-shot render: the one-shot was not needed in its place.
    expect(host.mismatches).to.equal(0);
    expect(host.querySelectorAll('tbody')).to.have.length(1);
  });

  it('leaves a table that is not in a document as a table (nothing to measure)', async () => {
    const host = document.createElement('div');
    const doc = tableDoc(TABLE_FREEZE_ROWS + 10);
    render(streamingMarkdown(doc, 'prose', true), host);
    expect(host.querySelector('table')?.hasAttribute('class')).to.equal(false);
    render(streamingMarkdown(doc, 'prose', false), host);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
  });

  it('streams a paragraph longer than a chunk as blocks of its runs, and ends as one paragraph', async () => {
    const doc = Array.from({ length: 200 }, (_, i) => `Line ${i} of a long paragraph with *emphasis*.\n`).join('');
    let chunks = 0;
    const host = await stream(doc, 83, (h) => {
      chunks = Math.max(chunks, h.querySelectorAll('.md-open p > span.chunk').length);
    });
    expect(chunks).to.equal(Math.ceil(doc.length / PARAGRAPH_CHUNK_CHARS) - 1);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
    expect(host.querySelector('span')).to.equal(null);
    expect(host.mismatches).to.equal(0);
  });
});

describe('streamingMarkdown, one long line', () => {
  it('settles runs inside a paragraph that is one long line: a bounded number of characters rendered per chunk', async () => {
    const doc = longLine(400);
    expect(doc.length).to.be.greaterThan(30_000);
    const perChunk: number[] = [];
    let text = '';
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    for (let i = 0; i < doc.length; i += 16) {
      text += doc.slice(i, i + 16);
      markdownWork.chars = 0;
      render(streamingMarkdown(text, 'prose', true), host);
      perChunk.push(markdownWork.chars);
    }
    const worst = Math.max(...perChunk.slice(10));
    expect(worst, `worst chunk rendered ${worst} characters`).to.be.lessThan(600);
    // Links of settled runs are live; the open run's link is not yet.
    expect(host.querySelectorAll('.md-open a').length).to.be.greaterThan(300);
    render(streamingMarkdown(text, 'prose', false), host);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
  });

  it('never makes a live link of a link still streaming inside a long line', async () => {
    const head = longLine(10).slice(0, -5);
    for (const partial of [' See [docs](https://exa', ' See [docs](https://example.com', ' See [docs](https://example.com)', ' See www.exa']) {
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      render(streamingMarkdown(head, 'prose', true), host);
      const live = host.querySelectorAll('a').length;
      render(streamingMarkdown(head + partial, 'prose', true), host);
      expect(host.querySelectorAll('a').length, partial).to.equal(live);
    }
  });

  it('ends with the one-shot HTML for long lines of inline pieces cut anywhere (property)', async () => {
    const pieces = [
      'plain words and more words ', '*em* ', '**strong** ', '`code` ', '[l](https://e.com/x) ', 'snake_case ', 'two  spaces ',
      'www.example.com ', '&amp; &copy; ', '<b>x</b> ', '\\* escaped ', 'half *open ', 'closes* now ', '~~del~~ ', '[open ',
      'bracket] ', 'x@example.com ', '```inline``` ', '\t tab ', 'é ', '😀 ', '- not a list ', '# not a heading ',
    ];
    const doc = fc
      .tuple(fc.array(fc.constantFrom(...pieces), { minLength: 10, maxLength: 80 }), fc.constantFrom('\n', '', '\n\nNext.\n', '\n---\n', '\n| a |\n'))
      .map(([line, end]) => line.join('') + end);
    await endsAsOneShot(doc);
  });

  it('ends with the one-shot HTML for paragraphs dense with emphasis delimiters cut anywhere (property)', async () => {
    // Delimiters left inside a closed emphasis, strikethrough or link let the run before them settle; the rendering
    // must still equal one render of the whole paragraph, whatever follows.
    const pieces = [
      '*a _b* ', '_x *y_ ', '**a *b** ', '*_*_', '*_', '_*', '~~a *b~~ ', '~~a _b~~ ', '[a *b](https://e.com) ', '[a _b](https://e.com) ',
      'c_ ', 'd* ', 'e~ ', '_ ', '* ', '**', '~~', 'w ', 'words ', '`', '[x ', '<i ', '\n', '\n', '*a `b* ', '*a [b* ',
    ];
    const doc = fc
      .tuple(fc.array(fc.constantFrom(...pieces), { minLength: 10, maxLength: 80 }), fc.constantFrom('\n', '', '\n\nNext.\n'))
      .map(([line, end]) => line.join('') + end);
    await endsAsOneShot(doc);
  });
});

describe('streamingMarkdown, counterexamples the properties found', () => {
  it('does not settle a run whose last `*` of `*_` can still open: drawn in any cut, it is its one-shot render', async () => {
    const doc = '*a _b* [a _b](https://e.com) *_\n*a _b* \n*a _b* *a _b* *a _b* *a _b* *_*_*_e~ \n';
    for (let cut = 1; cut < doc.length; cut++) {
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      markdownWork.mismatches = 0;
      render(streamingMarkdown(doc.slice(0, cut), 'prose', true), host);
      render(streamingMarkdown(doc, 'prose', false), host);
      expect(streamedHtml(host), `cut at ${cut}`).to.equal(oneShotHtml(doc));
      expect(markdownWork.mismatches, `cut at ${cut}`).to.equal(0);
    }
  });
});

describe('streamingMarkdown, bounded work whatever arrives', () => {
  it('renders many finished items or rows that arrive at once in a few calls, not one per part', async () => {
    for (const doc of [listDoc(500, () => '-') + '\nAfter.\n', tableDoc(500) + '\nAfter.\n']) {
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      markdownWork.calls = 0;
      render(streamingMarkdown(doc.slice(0, -10), 'prose', true), host);
      expect(markdownWork.calls, doc.slice(0, 20)).to.be.lessThan(10);
      render(streamingMarkdown(doc, 'prose', false), host);
      expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
    }
  });

  it('redraws a long tail that nothing settles in steps, showing the newest text as plain text in between', async () => {
    // An emphasis marker that never closes: no run of this line ever settles.
    const doc = `*${'word and more words here '.repeat(2_000)}\n`;
    let checks = 0;
    const host = await stream(doc, 256, (h, text) => {
      // Nothing is lost on the way: every character received so far is on the page.
      if (text.length % 6400 !== 0) return;
      expect(h.textContent?.replace(/\s+/g, ''), `at ${text.length}`).to.equal(text.slice(1).replace(/\s+/g, ''));
      checks += 1;
    });
    expect(checks).to.be.greaterThan(5);
    // Linear: a few times the text, where redrawing the whole tail on every chunk would be about 100 times.
    expect(host.renderedChars / doc.length, `rendered ${host.renderedChars} characters for ${doc.length}`).to.be.lessThan(10);
    expect(doc.length).to.be.greaterThan(4 * REDRAW_CHARS);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
  });

  it('redraws a long block of no streamed shape in steps too (a deep quote)', async () => {
    const doc = `${'>'.repeat(MAX_QUOTE_DEPTH)} ${'quoted words '.repeat(3_000)}\n`;
    const host = await stream(doc, 256);
    expect(host.renderedChars / doc.length, `rendered ${host.renderedChars} characters for ${doc.length}`).to.be.lessThan(10);
    expect(streamedHtml(host)).to.equal(oneShotHtml(doc));
  });
});

describe('streamingMarkdown, link definitions', () => {
  it('renders again only the blocks that mention a new definition, and honors a bounded number of them', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const head = 'Uses [a] here.\n\nNothing to see (a word with an a).\n\nUses [b] there.\n\nOpen\n';
    render(streamingMarkdown(head, 'prose', true), host);
    const [usesA, plain, usesB] = [...host.querySelectorAll('.md > p')];
    expect(usesB).not.to.equal(undefined);
    render(streamingMarkdown(`${head}.\n\n[a]: https://example.com/a\n\nEnd.\n`, 'prose', true), host);
    const after = [...host.querySelectorAll('.md > p')];
    // The block that mentions [a] is new (and links); the others are the very same nodes.
    expect(after[0] === usesA, 'the block that uses [a]').to.equal(false);
    expect(after[0]?.querySelector('a')?.getAttribute('href')).to.equal('https://example.com/a');
    expect(after[1] === plain, 'a block that uses no definition').to.equal(true);
    expect(after[2] === usesB, 'a block that uses another label').to.equal(true);
  });

  it(`streams a flood of definitions in linear work, honoring the first ${COMPOSER_LIMITS.linkDefinitions}`, async () => {
    const flood = (count: number) => Array.from({ length: count }, (_, i) => `[r${i}]: https://example.com/${i}\n\nSee [r${i}] and [r0].\n\n`).join('');
    const count = 2 * COMPOSER_LIMITS.linkDefinitions;
    const once = await stream(flood(count), 256);
    const doc = flood(2 * count);
    const host = await stream(doc, 256);
    // Twice the text, about twice the work (every new definition rendering every block again would be four times).
    expect(host.renderedChars / once.renderedChars, `${once.renderedChars} then ${host.renderedChars} characters rendered`).to.be.lessThan(2.5);
    const hrefs = new Set([...host.querySelectorAll('a')].map((a) => a.getAttribute('href')));
    expect(hrefs.size).to.equal(COMPOSER_LIMITS.linkDefinitions);
    expect(hrefs.has(`https://example.com/${COMPOSER_LIMITS.linkDefinitions - 1}`)).to.equal(true);
    // A reference past the limit stays text, and its definition still disappears.
    expect(host.textContent).to.contain(`See [r${2 * count - 1}] and r0.`);
    expect(host.textContent).not.to.contain(`[r${2 * count - 1}]:`);
    expect(streamedHtml(host)).not.to.equal(oneShotHtml(doc));
  });

  it('caps how deep quotes nest in what is rendered', async () => {
    const host = await stream(`${'>'.repeat(500)} deep\n`, 100);
    let depth = 0;
    for (let node = host.querySelector('blockquote'); node; node = node.querySelector(':scope > blockquote')) depth += 1;
    expect(depth).to.equal(MAX_QUOTE_DEPTH);
    expect(host.textContent).to.contain(`${'>'.repeat(500 - MAX_QUOTE_DEPTH)} deep`);
  });
});
