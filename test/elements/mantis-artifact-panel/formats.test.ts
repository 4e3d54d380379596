// The artifact panel's payloads: each format rendered as text or its restricted form, attack strings inert, and CSV
// bounded by its rows and its columns.
import { expect } from '@open-wc/testing';
import { CSV_ROW_LIMIT } from '../../../elements/mantis-artifact-panel/formats.js';
import { COMPOSER_LIMITS, TEXT_LIMITS, type ArtifactNode } from '../../../src/index.js';
import { OWN_ATTACKS } from '../../helpers/corpus.js';
import { assertNoActiveContent, watchSinks } from '../../helpers/sinks.js';
import { content, panel, q, selected, shadow, source } from './panel-helpers.js';

const ATTACK = '<img src=x onerror=alert(1)>';

/** The columns a row of the CSV table spans (a short row ends in one empty cell spanning the rest). */
const span = (row: Element) => [...row.children].reduce((sum, cell) => sum + (cell as HTMLTableCellElement).colSpan, 0);

describe('<mantis-artifact-panel> formats', () => {
  it('shows nothing while its store holds no tab, then the active artifact', async () => {
    const { el, store } = await panel();
    expect(el.checkVisibility()).to.equal(false);
    store.open(source('a'));
    await el.updateComplete;
    expect(el.checkVisibility()).to.equal(true);
    expect(q(el, '[part="header"]').textContent).to.contain('Artifact a');
    expect(content(el).textContent).to.contain('The payload of a.');
    expect(content(el).getAttribute('aria-labelledby')).to.equal(selected(el)?.id);
    store.closeAll();
    await el.updateComplete;
    expect(el.checkVisibility()).to.equal(false);
  });

  it('renders every format safely: attack strings stay text, and no img or script element is created', async () => {
    const sinks = watchSinks();
    try {
      const { el, store } = await panel();
      const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;
      for (const [n, attack] of [ATTACK, ...OWN_ATTACKS.slice(0, 16)].entries()) {
        const payloads: Partial<ArtifactNode>[] = [
          { format: 'markdown', content: `# Title\n\n${attack}` },
          { format: 'text', content: attack },
          { format: 'code', language: 'html', content: attack },
          { format: 'csv', content: `name,value\n${csvCell(attack)},1` },
          { format: 'json', content: JSON.stringify({ attack }) },
        ];
        for (const [i, extra] of payloads.entries()) {
          store.open(source(`f${i}-${n}`, extra));
          await el.updateComplete;
          assertNoActiveContent(shadow(el), `${extra.format}: ${attack}`);
          const shown = extra.format === 'json' ? JSON.stringify(attack) : attack;
          if (extra.format !== 'markdown') expect(content(el).textContent, `${extra.format}`).to.contain(shown);
        }
      }
      expect(shadow(el).querySelector('img, script, iframe')).to.equal(null);
      sinks.assertClean('artifact formats');
    } finally {
      sinks.restore();
    }
  });

  it('shows CSV as a table: quoted fields, the first row as header, rows capped with a note', async () => {
    const { el, store } = await panel();
    store.open(source('csv', { format: 'csv', content: 'name,"note, with comma"\r\n"Quoted ""word""","two\nlines"\nplain,\n' }));
    await el.updateComplete;
    const headers = [...shadow(el).querySelectorAll('table th')].map((th) => th.textContent?.trim());
    expect(headers).to.deep.equal(['name', 'note, with comma']);
    const cells = [...shadow(el).querySelectorAll('table tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).to.deep.equal([
      ['Quoted "word"', 'two\nlines'],
      ['plain', ''],
    ]);
    const rows = Array.from({ length: 1200 }, (_, i) => `${i},x`).join('\n');
    store.open(source('big', { format: 'csv', content: `n,v\n${rows}` }));
    await el.updateComplete;
    expect(shadow(el).querySelectorAll('table tbody tr').length).to.equal(1000);
    expect(q(el, '.note').textContent).to.contain('1,000 of 1,200');
    store.open(source('bad', { format: 'csv', content: 'a,"never closed\n1,2' }));
    await el.updateComplete;
    expect(shadow(el).querySelector('table')).to.equal(null);
    expect(q(el, '[role="note"]').textContent).to.contain('can’t be shown as a table');
    expect(content(el).textContent).to.contain('a,"never closed');
  });

  it('caps a CSV at 64 columns with a note and pads no row past them: a hostile header of 4,000 commas stays small', async () => {
    const columns = COMPOSER_LIMITS.markdownTableColumns;
    const { el, store } = await panel();
    // About 6 KB, under the artifact limit: padded to its widest row, it would be 4,001 × 1,001 cells.
    const hostile = `${','.repeat(4000)}\n${',\n'.repeat(1000)}`;
    expect(hostile.length <= TEXT_LIMITS.artifact).to.equal(true);
    store.open(source('wide', { format: 'csv', content: hostile }));
    await el.updateComplete;
    const table = q(el, 'table');
    const cells = table.querySelectorAll('th, td').length;
    expect(cells <= columns * (CSV_ROW_LIMIT + 1), `${cells} cells`).to.equal(true);
    expect(table.querySelectorAll('thead th').length).to.equal(columns);
    const body = [...table.querySelectorAll('tbody tr')];
    expect(body.length).to.equal(1000);
    expect(body.every((row) => span(row) === columns && row.children.length <= 3)).to.equal(true);
    expect([...shadow(el).querySelectorAll('[role="note"]')].map((n) => n.textContent)).to.deep.equal(['Showing 64 of 4,001 columns.']);

    // Rows and columns past both caps: both notes, and no row wider than the shown columns.
    const wide = Array.from({ length: 70 }, (_, i) => `c${i}`).join(',');
    store.open(source('both', { format: 'csv', content: `${wide}\n${Array.from({ length: 1100 }, () => '1,2,3').join('\n')}\n${wide}` }));
    await el.updateComplete;
    expect([...shadow(el).querySelectorAll('[role="note"]')].map((n) => n.textContent)).to.deep.equal([
      'Showing the first 1,000 of 1,101 rows.',
      'Showing 64 of 70 columns.',
    ]);
    expect([...q(el, 'table').querySelectorAll('thead th')].map((th) => th.textContent)).to.deep.equal(
      Array.from({ length: columns }, (_, i) => `c${i}`),
    );
    expect([...q(el, 'table').querySelectorAll('tbody tr')].every((row) => span(row) === columns)).to.equal(true);

    // A short row under a narrow header: its cells, then one empty cell for the rest; nothing is noted.
    store.open(source('ragged', { format: 'csv', content: 'a,b,c\n1\n1,2,3\n' }));
    await el.updateComplete;
    const [short, full] = [...q(el, 'table').querySelectorAll('tbody tr')];
    expect([...(short as Element).children].map((td) => [td.textContent, (td as HTMLTableCellElement).colSpan])).to.deep.equal([
      ['1', 1],
      ['', 2],
    ]);
    expect((full as Element).children.length).to.equal(3);
    expect(shadow(el).querySelector('[role="note"]')).to.equal(null);
  });

  it('pretty-prints JSON, shows invalid JSON as text with a note, and labels code with its language', async () => {
    const { el, store } = await panel();
    store.open(source('json', { format: 'json', content: '{"a":[1,{"b":"c"}]}' }));
    await el.updateComplete;
    expect(q(el, 'pre code').textContent).to.equal(JSON.stringify({ a: [1, { b: 'c' }] }, null, 2));
    store.open(source('broken', { format: 'json', content: '{"a": ' }));
    await el.updateComplete;
    expect(q(el, '[role="note"]').textContent).to.contain('not valid');
    expect(q(el, 'pre').textContent).to.equal('{"a": ');
    store.open(source('code', { format: 'code', language: 'python', content: 'print("hi")' }));
    await el.updateComplete;
    expect(q(el, 'figcaption').textContent).to.equal('python');
    expect(q(el, 'pre code').textContent).to.equal('print("hi")');
    expect(q(el, 'pre code').children.length).to.equal(0);
  });
});
