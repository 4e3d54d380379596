import { expect, fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import { renderMarkdown, streamingMarkdown } from '../../../elements/internal/markdown.js';
import { MIXED_DOCUMENTS } from '../../helpers/documents.js';

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

async function stream(doc: string, size: number, onChunk?: (host: HTMLElement, text: string) => void): Promise<HTMLElement> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  let text = '';
  for (let i = 0; i < doc.length; i += size) {
    text += doc.slice(i, i + size);
    render(streamingMarkdown(text, 'prose', true), host);
    onChunk?.(host, text);
  }
  render(streamingMarkdown(text, 'prose', false), host);
  return host;
}

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

  it('re-renders earlier blocks when a link definition they use arrives', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    render(streamingMarkdown('See [the docs][d].\n\nMore text.\n\n', 'prose', true), host);
    expect(host.querySelector('a')).to.equal(null);
    render(streamingMarkdown('See [the docs][d].\n\nMore text.\n\n[d]: https://example.com/docs\n\nEnd.\n', 'prose', true), host);
    expect(host.querySelector('a')?.getAttribute('href')).to.equal('https://example.com/docs');
  });
});
