import DOMPurify, { type Config } from 'dompurify';
import { Lexer, Marked, type Token, type Tokens, type TokensList } from 'marked';
import { COMPOSER_LIMITS } from '../../src/limits.js';
import { linkedCitationNumber } from '../../src/message/citation-markup.js';

/**
 * The restricted Markdown renderer: marked with raw HTML and images turned into text, citation links
 * (`[2](mantis://…)`) turned into their bare form (`[2]`), then DOMPurify with a small allowlist. Profiles:
 * - `prose` (assistant Markdown): http(s) and mailto links stay, opened in a new tab without referrer;
 * - `restricted` (Markdown fields inside model-authored components): no links at all, only their text;
 * - `prose-open` (the still-streaming part of assistant Markdown): like prose, but links stay text until their
 *   block is complete, so a half-received URL never becomes a live link.
 * None ever produces an image, an iframe, a style, an event handler, or a request of any kind. Every function here
 * returns sanitized DOM: nothing reaches the page without going through DOMPurify with the allowlists below.
 */
export type MarkdownProfile = 'prose' | 'restricted' | 'prose-open';

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'em', 'strong', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a',
];

/**
 * How much Markdown was given to marked (lexed or parsed), for tests that bound the work per chunk without timing
 * anything. Reset it freely.
 */
export const markdownWork = {
  calls: 0,
  chars: 0,
  /** Blocks drawn part by part that did not match their one-shot render when they closed (the one-shot was used). */
  mismatches: 0,
};

const count = (source: string): void => {
  markdownWork.calls += 1;
  markdownWork.chars += source.length;
};

function createMarked(profile: MarkdownProfile): Marked {
  return new Marked({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      image: ({ text }: Tokens.Image) => escapeHtml(text),
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, { href, tokens, raw }: Tokens.Link) {
        // Citation markup, `[2](mantis://…)`, shows as the bare `[2]` does, in every profile: the number as written,
        // in its brackets, and never a link (a mantis:// URI is for the page's map, not the browser).
        const cited = linkedCitationNumber(raw);
        if (cited !== null) return `[${cited}]`;
        const inner = this.parser.parseInline(tokens);
        if (profile !== 'prose' || !SAFE_HREF.test(href)) return inner;
        return `<a href="${escapeHtml(href)}">${inner}</a>`;
      },
    },
  });
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

/**
 * Where Trusted Types are enforced, DOMPurify parses (in an inert document) through a policy: ours is named `mantis-ui`
 * (docs/strict-pages.md), not DOMPurify's default `dompurify`, which the page's own DOMPurify may hold already. Only
 * this module holds it. Without Trusted Types, or when the page's policy list refuses the name, DOMPurify does as it
 * would alone.
 */
let policy: Config['TRUSTED_TYPES_POLICY'];

/** One DOMPurify instance of our own, so our hooks never touch a page's global DOMPurify. */
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  try {
    const factory = (window as Parameters<typeof DOMPurify>[0] & Window).trustedTypes;
    policy = factory?.createPolicy('mantis-ui', { createHTML: (html: string) => html, createScriptURL: () => '' }) as Config['TRUSTED_TYPES_POLICY'];
  } catch {
    // Not allowed by the page's `trusted-types` list: DOMPurify tries its own.
  }
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

function getMarked(profile: MarkdownProfile): Marked {
  let marked = markedByProfile.get(profile);
  if (!marked) {
    marked = createMarked(profile);
    markedByProfile.set(profile, marked);
  }
  return marked;
}

/** Sanitizes HTML made by marked into a DocumentFragment (never a string: sanitized HTML is never re-parsed). */
function sanitize(html: string, profile: MarkdownProfile): DocumentFragment {
  const fragment = getPurifier().sanitize(html, {
    ALLOWED_TAGS: profile === 'prose' ? ALLOWED_TAGS : ALLOWED_TAGS.filter((t) => t !== 'a'),
    ALLOWED_ATTR: ['href', 'start', 'align'],
    // DOMPurify checks the value of any attribute it does not know to be URI-safe against ALLOWED_URI_REGEXP: without
    // this, an ordered list's start number and a column's alignment (neither a URL) were dropped.
    ADD_URI_SAFE_ATTR: ['start', 'align'],
    ALLOWED_URI_REGEXP: SAFE_HREF,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
    ...(policy ? { TRUSTED_TYPES_POLICY: policy } : {}),
  });
  if (html.includes('<table')) for (const table of fragment.querySelectorAll('table')) capColumns(table);
  return fragment;
}

/**
 * Drops the cells of a table past COMPOSER_LIMITS.markdownTableColumns, and captions the table with how many columns
 * it has. Applied to every rendered fragment, so a table streamed row by row ends as its one-shot render does.
 */
function capColumns(table: HTMLTableElement): void {
  const max = COMPOSER_LIMITS.markdownTableColumns;
  let columns = 0;
  for (const row of table.rows) {
    const cells = row.cells;
    columns = Math.max(columns, cells.length);
    if (cells.length <= max) continue;
    const range = document.createRange();
    range.setStartBefore(cells[max] as HTMLTableCellElement);
    range.setEndAfter(row.lastChild as ChildNode);
    range.deleteContents();
  }
  if (columns <= max) return;
  const caption = document.createElement('caption');
  caption.className = 'capped';
  caption.textContent = `The first ${max} of ${columns.toLocaleString('en')} columns are shown.`;
  table.prepend(caption);
}

/**
 * Link reference definitions that apply to text rendered apart from them (a streamed message's blocks): normalized
 * label to destination and title, as marked collects them.
 */
export type Links = Readonly<Record<string, { readonly href: string; readonly title: string | null | undefined }>>;

/** A lexer that knows `links` (copied: marked adds the definitions it meets to its own). */
function lexerWith(marked: Marked, links: Links | undefined): Lexer {
  const lexer = new Lexer(marked.defaults);
  if (links) for (const label in links) lexer.tokens.links[label] = { ...(links[label] as Links[string]) } as TokensList['links'][string];
  return lexer;
}

/**
 * Renders Markdown to a sanitized DocumentFragment. A fragment, not a string, so the sanitized tree is inserted
 * as it is and never re-parsed (re-parsing sanitized HTML is where mutation XSS lives). Never throws: on a parser
 * failure it shows the text. `links`: definitions made elsewhere in the text that references in it may use.
 */
export function renderMarkdown(markdown: string, profile: MarkdownProfile, links?: Links): DocumentFragment {
  count(markdown);
  let html: string;
  try {
    const marked = getMarked(profile);
    html = (links ? marked.parser(lexerWith(marked, links).lex(markdown)) : marked.parse(markdown)) as string;
  } catch {
    html = `<p>${escapeHtml(markdown)}</p>`;
  }
  return sanitize(html, profile);
}

/** Lexes and renders, letting `adjust` look at (and replace) the tokens first; sanitized like renderMarkdown. */
function renderLexed(
  source: string,
  profile: MarkdownProfile,
  links: Links | undefined,
  adjust: (tokens: TokensList) => TokensList | null,
): DocumentFragment | null {
  const marked = getMarked(profile);
  count(source);
  try {
    const tokens = adjust(lexerWith(marked, links).lex(source));
    return tokens ? sanitize(marked.parser(tokens) as string, profile) : null;
  } catch {
    return null;
  }
}

/**
 * Renders a run of a paragraph's text as that paragraph's inline content, as marked does for a whole paragraph
 * (link reference definitions included): a `<p>` whose children are the run's.
 */
export function renderParagraphRun(text: string, links: Links | undefined, profile: MarkdownProfile): DocumentFragment {
  const marked = getMarked(profile);
  count(text);
  let html: string;
  try {
    const tokens = lexerWith(marked, links).inlineTokens(text);
    html = marked.parser([{ type: 'paragraph', raw: text, text, tokens } as Tokens.Paragraph]) as string;
  } catch {
    html = `<p>${escapeHtml(text)}</p>`;
  }
  return sanitize(html, profile);
}

const BULLET = /^ {0,3}([*+-]|\d{1,9}([.)]))/;

/**
 * Renders list items (the raw text of one or more items of one list) exactly as they render inside their whole
 * list. `last`: they end the list (marked trims the last item); otherwise an item follows them. `loose`: the list is
 * loose (paragraphs in items), as a blank line between any two of its items makes it. A placeholder item stands for
 * the items around them and is dropped (`dummy`: which li, if any). Returns the sanitized fragment and whether the
 * items alone already make the list loose; null when the text is not one list.
 */
export function renderListItems(
  text: string,
  links: Links | undefined,
  profile: MarkdownProfile,
  loose: boolean,
  last: boolean,
): { fragment: DocumentFragment; loose: boolean; dummy: 'first' | 'last' | null } | null {
  const bullet = BULLET.exec(text);
  if (!bullet) return null;
  const placeholder = `${bullet[2] ? `1${bullet[2]}` : bullet[1]} x\n`;
  const complete = text.endsWith('\n') ? text : `${text}\n`;
  let aloneLoose = false;
  const findList = (tokens: TokensList): Tokens.List | undefined =>
    tokens.find((token: Token): token is Tokens.List => token.type === 'list');
  let needLoose = false;
  const plain = renderLexed(last ? text : complete + placeholder, profile, links, (tokens) => {
    const list = findList(tokens);
    if (!list) return null;
    aloneLoose = list.loose;
    needLoose = loose && !list.loose;
    return needLoose ? null : tokens;
  });
  if (plain) return { fragment: plain, loose: aloneLoose, dummy: last ? null : 'last' };
  if (!needLoose) return null;
  const source = last ? `${placeholder}\n${text}` : `${complete}\n${placeholder}`;
  const forced = renderLexed(source, profile, links, (tokens) => (findList(tokens)?.loose ? tokens : null));
  return forced ? { fragment: forced, loose: aloneLoose, dummy: last ? 'first' : 'last' } : null;
}
