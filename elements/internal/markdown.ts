import DOMPurify from 'dompurify';
import { Directive, directive } from 'lit/directive.js';
import { Marked, type Tokens } from 'marked';
import { closeOpenInline, createBlockSplitter } from '../../src/index.js';

/**
 * The restricted Markdown renderer: marked with raw HTML and images turned into text, then DOMPurify with a
 * small allowlist. Two profiles:
 * - `prose` (assistant Markdown): http(s) and mailto links stay, opened in a new tab without referrer;
 * - `restricted` (Markdown fields inside model-authored components): no links at all, only their text;
 * - `prose-open` (the still-streaming block of assistant Markdown): like prose, but links stay text until their
 *   block is complete, so a half-received URL never becomes a live link.
 * Neither ever produces an image, an iframe, a style, an event handler, or a request of any kind.
 */
export type MarkdownProfile = 'prose' | 'restricted' | 'prose-open';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'em', 'strong', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a',
];

function createMarked(profile: MarkdownProfile): Marked {
  return new Marked({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      image: ({ text }: Tokens.Image) => escapeHtml(text),
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { href, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (profile !== 'prose' || !SAFE_HREF.test(href)) return inner;
        return `<a href="${escapeHtml(href)}">${inner}</a>`;
      },
    },
  });
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify instance of our own, so our hooks never touch a page's global DOMPurify. */
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      node.setAttribute('rel', 'noopener noreferrer nofollow');
      node.setAttribute('target', '_blank');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  return purifier;
}

const markedByProfile = new Map<MarkdownProfile, Marked>();

/**
 * Renders Markdown to a sanitized DocumentFragment. A fragment, not a string, so the sanitized tree is inserted
 * as it is and never re-parsed (re-parsing sanitized HTML is where mutation XSS lives). Never throws: on a parser
 * failure it shows the text.
 */
export function renderMarkdown(markdown: string, profile: MarkdownProfile): DocumentFragment {
  let marked = markedByProfile.get(profile);
  if (!marked) {
    marked = createMarked(profile);
    markedByProfile.set(profile, marked);
  }
  let html: string;
  try {
    html = marked.parse(markdown) as string;
  } catch {
    html = `<p>${escapeHtml(markdown)}</p>`;
  }
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: profile === 'prose' ? ALLOWED_TAGS : ALLOWED_TAGS.filter((t) => t !== 'a'),
    ALLOWED_ATTR: ['href', 'start', 'align'],
    ALLOWED_URI_REGEXP: SAFE_HREF,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}

class MarkdownDirective extends Directive {
  #source: string | undefined;
  #profile: MarkdownProfile | undefined;
  #fragment: DocumentFragment | undefined;

  render(source: string, profile: MarkdownProfile): DocumentFragment {
    if (source !== this.#source || profile !== this.#profile || !this.#fragment) {
      this.#source = source;
      this.#profile = profile;
      this.#fragment = renderMarkdown(source, profile);
    }
    return this.#fragment;
  }
}

/** Renders Markdown into a child part; re-renders only when the text changes. */
export const markdown = directive(MarkdownDirective);

/**
 * Streams Markdown into one container that keeps its identity: each finished block is rendered and sanitized once
 * and appended, and only the open block is re-rendered per update. The text must only grow between updates (the
 * message parser guarantees it for a text part); anything else starts over.
 */
class StreamingMarkdownDirective extends Directive {
  readonly #root = Object.assign(document.createElement('div'), { className: 'md' });
  readonly #open = Object.assign(document.createElement('div'), { className: 'md-open' });
  #splitter = createBlockSplitter();
  #text = '';
  #profile: MarkdownProfile | null = null;
  #appended = 0;
  #definitionsVersion = 0;

  #streaming = true;

  render(text: string, profile: MarkdownProfile, streaming: boolean): HTMLElement {
    // Unchanged (a finished part while a later one streams): nothing to do.
    if (text === this.#text && profile === this.#profile && streaming === this.#streaming) return this.#root;
    this.#streaming = streaming;
    const grew = text.length >= this.#text.length && text.charCodeAt(this.#text.length - 1) === this.#text.charCodeAt(this.#text.length - 1);
    if (profile !== this.#profile || !grew) this.#reset(profile);
    if (text.length > this.#text.length) this.#splitter.push(text.slice(this.#text.length));
    this.#text = text;
    if (!streaming) this.#splitter.end();

    const splitter = this.#splitter;
    const definitions = splitter.definitions ? `${splitter.definitions}\n` : '';
    if (splitter.definitionsVersion !== this.#definitionsVersion) {
      // A link definition arrived: blocks before it may use it, so they are rendered again (rare).
      this.#definitionsVersion = splitter.definitionsVersion;
      this.#root.replaceChildren(this.#open);
      this.#appended = 0;
    }
    for (; this.#appended < splitter.blocks.length; this.#appended++) {
      this.#root.insertBefore(renderMarkdown(definitions + (splitter.blocks[this.#appended] as string), profile), this.#open);
    }
    const open = splitter.open;
    this.#open.replaceChildren(open.trim() ? renderMarkdown(definitions + closeOpenInline(open), profile === 'prose' ? 'prose-open' : profile) : '');
    return this.#root;
  }

  #reset(profile: MarkdownProfile): void {
    this.#splitter = createBlockSplitter();
    this.#text = '';
    this.#profile = profile;
    this.#appended = 0;
    this.#definitionsVersion = 0;
    this.#root.replaceChildren(this.#open);
  }
}

/** Renders streaming Markdown: finished blocks once, the open block per update. */
export const streamingMarkdown = directive(StreamingMarkdownDirective);
