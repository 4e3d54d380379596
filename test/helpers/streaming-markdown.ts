import { fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import { markdownWork, renderMarkdown, streamingMarkdown } from '../../elements/internal/markdown.js';

/** The HTML of a one-shot render of `doc`. */
export const oneShotHtml = (doc: string): string => {
  const div = document.createElement('div');
  div.append(renderMarkdown(doc, 'prose'));
  return div.innerHTML;
};

/**
 * Streams `doc` through `streamingMarkdown` into a fresh fixture in chunks of `size`, calling `onChunk` after each
 * render, then ends it. Returns the host, how many characters were given to marked in all, and how many blocks drawn
 * part by part did not match their one-shot render when they closed (`markdownWork`).
 */
export async function streamMarkdown(
  doc: string,
  size: number,
  onChunk?: (host: HTMLElement, text: string) => void,
): Promise<HTMLElement & { renderedChars: number; mismatches: number }> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  markdownWork.mismatches = 0;
  let text = '';
  let rendered = 0;
  for (let i = 0; i < doc.length; i += size) {
    text += doc.slice(i, i + size);
    markdownWork.chars = 0;
    render(streamingMarkdown(text, 'prose', true), host);
    rendered += markdownWork.chars;
    onChunk?.(host, text);
  }
  markdownWork.chars = 0;
  render(streamingMarkdown(text, 'prose', false), host);
  return Object.assign(host, { renderedChars: rendered + markdownWork.chars, mismatches: markdownWork.mismatches });
}
