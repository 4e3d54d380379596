// How a long block looks while it streams in <mantis-chat>: the chat's styles lay out the chunks of a code block and
// the rows of a long table on their own (so a growing block costs layout in proportion to what arrived, not to all of
// it), it looks the same as the finished block, and once finished it is the plain element a one-shot render makes.
import { expect, fixture, html } from '@open-wc/testing';
import type { CSSResultGroup } from 'lit';
import '../../../elements/mantis-chat/mantis-chat.js';
import { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { CHUNK_PARTS, TABLE_FREEZE_ROWS } from '../../../elements/internal/open-block-view.js';
import { InPageTransport } from '../../helpers/in-page-transport.js';

async function chatWith(): Promise<{ chat: MantisChat; transport: InPageTransport }> {
  const transport = new InPageTransport();
  const chat = await fixture<MantisChat>(html`<mantis-chat style="height: 600px" .connection=${transport}></mantis-chat>`);
  transport.deliver({ type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
  return { chat, transport };
}

/** Streams `text` in chunks of 97 characters, letting the chat commit after each; `during` runs after each commit. */
async function stream(text: string, during: (root: ShadowRoot) => void): Promise<MantisChat> {
  const { chat, transport } = await chatWith();
  let sequence = 1;
  for (let i = 0; i < text.length; i += 97) {
    transport.deliver({ type: 'text_delta', message_id: 'm', sequence: sequence++, delta: text.slice(i, i + 97) });
    await chat.updateComplete;
    during(chat.shadowRoot as ShadowRoot);
  }
  transport.deliver({ type: 'message_end', message_id: 'm', sequence });
  await chat.updateComplete;
  return chat;
}

const left = (element: Element | null | undefined): number => Math.round(element?.getBoundingClientRect().left ?? Number.NaN);

describe('<mantis-chat> laying out a long block while it streams', () => {
  it('lays out the rows of a long table one by one in frozen columns that line up, then as a table', async () => {
    const rows = TABLE_FREEZE_ROWS + 2 * CHUNK_PARTS;
    const text = `| n | a longer heading | value |\n|---|:---|---:|\n${Array.from({ length: rows }, (_, i) => `| ${i} | row *${i}* | ${i * 3} |\n`).join('')}\nAfter.\n`;
    let checked = 0;
    const chat = await stream(text, (root) => {
      const table = root.querySelector('.md-open table.streaming');
      const last = table?.querySelector(':scope > tbody:last-child > tr:nth-last-child(2)');
      if (!table || !last) return;
      expect(getComputedStyle(last).display).to.equal('grid');
      // A body out of view is not laid out until it comes into view (content-visibility): nothing to measure there.
      if (!last.checkVisibility({ contentVisibilityAuto: true })) return;
      // Each column of the last finished row starts where its heading does.
      const headings = [...table.querySelectorAll('th')].map(left);
      expect([...last.querySelectorAll('td')].map(left)).to.deep.equal(headings);
      checked += 1;
    });
    expect(checked).to.be.greaterThan(10);
    const table = chat.shadowRoot?.querySelector('table') as HTMLTableElement;
    expect(table.getAttribute('class')).to.equal(null);
    expect(table.tBodies).to.have.length(1);
    expect(table.tBodies[0]?.rows).to.have.length(rows);
    expect(getComputedStyle(table.rows[1] as Element).display).to.equal('table-row');
    await expect(chat).to.be.accessible();
  });

  it('lays out the chunks of a long code block as blocks, then as one text', async () => {
    const text = `\`\`\`js\n${Array.from({ length: 2 * CHUNK_PARTS + 5 }, (_, i) => `line(${i});\n`).join('')}\`\`\`\n\nAfter.\n`;
    let checked = false;
    const chat = await stream(text, (root) => {
      const chunk = root.querySelector('.md-open code.streaming > .chunk');
      if (!chunk) return;
      expect(getComputedStyle(chunk).display).to.equal('block');
      checked = true;
    });
    expect(checked).to.equal(true);
    const code = chat.shadowRoot?.querySelector('pre > code') as HTMLElement;
    expect(code.childNodes).to.have.length(1);
    expect(code.textContent?.split('\n')).to.have.length(2 * CHUNK_PARTS + 6);
  });

  it('skips rendering the parts of a long reply that are out of view, and renders them when scrolled to', async () => {
    // Text between refused views: one part after another, as a long reply is. Each frame used to walk every part.
    const section = (i: number) => `## Section ${i}\n\nA paragraph of section ${i} with a [link](https://example.com/${i}).\n\n\`\`\`mantis-ui\n{"broken": ${i}\n\`\`\`\n`;
    const chat = await stream(Array.from({ length: 30 }, (_, i) => section(i)).join('\n'), () => {});
    const root = chat.shadowRoot as ShadowRoot;
    const parts = [...root.querySelectorAll('.message > .markdown')];
    expect(parts.length).to.be.greaterThan(20);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const shown = (part: Element) => (part.querySelector('p') as HTMLElement).checkVisibility({ contentVisibilityAuto: true });
    expect(shown(parts.at(-1) as Element)).to.equal(true);
    expect(shown(parts[0] as Element)).to.equal(false);
    // Still in the accessibility tree, and shown once scrolled into view.
    expect(parts[0]?.textContent).to.contain('Section 0');
    (root.querySelector('.transcript') as HTMLElement).scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(shown(parts[0] as Element)).to.equal(true);
    await expect(chat).to.be.accessible();
  });
});

/** The text of a static `styles` value. */
function cssText(styles: CSSResultGroup | CSSStyleSheet | undefined): string {
  if (styles === undefined) return '';
  if (Array.isArray(styles)) return styles.map((s: CSSResultGroup) => cssText(s)).join('\n');
  if (styles instanceof CSSStyleSheet) return [...styles.cssRules].map((rule) => rule.cssText).join('\n');
  return 'cssText' in styles ? String(styles.cssText) : '';
}

describe("<mantis-chat>'s styles", () => {
  it('use no selector that makes the browser restyle every sibling of a growing list or table on each commit', () => {
    const selectors = cssText(MantisChat.styles)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .match(/[^{}]+(?=\{)/g)
      ?.flatMap((group) => group.split(','))
      .map((selector) => selector.trim());
    expect(selectors?.length).to.be.greaterThan(20);
    // Backward positional pseudo-classes, :has(), and a sibling combinator whose right side is any element.
    const costly = (selectors ?? []).filter((selector) => /:nth-last-|:last-of-type|:only-|:has\(|[+~]\s*(\*|:|$)/.test(selector));
    expect(costly).to.deep.equal([]);
  });
});
