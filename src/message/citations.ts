import type { ComposerNode, InvalidNode } from '../catalog/index.js';
import { parseMantisUri } from '../schema/uris.js';
import { CITATION_MARKUP, MAX_CITATION } from './citation-markup.js';
import type { MantisPart, TextPart } from './parts.js';

/*
 * A message's one aggregate citation set : numbered across its text and its
 * views, from its parts alone (no protocol, no parsing), so the thread, replay and the page's canvas agree.
 */

/** A citation made by citation markup in prose: `[3]`, or `[3](mantis://…)` with the map entity it points at. */
export interface TextCitation {
  readonly number: number;
  readonly origin: 'text';
  readonly target?: { readonly uri: string };
}

/** A citation of a citation-list in a view. */
export interface ViewCitation {
  readonly number: number;
  readonly origin: 'view';
  readonly viewId: string;
  /** The view's part ID in its message: two views of one message may share a view ID. */
  readonly partId: string;
  readonly nodeId: string;
  readonly id: string;
  readonly title: string;
  readonly source?: string;
  readonly excerpt?: string;
  readonly target?: { readonly uri: string };
}

/** One citation of a message's aggregate set, numbered continuously across its text and its views. */
export type MessageCitation = TextCitation | ViewCitation;

/** The aggregate citation set of a message (what a canvas shows), and where each view's numbering starts. */
export interface CitationIndex {
  readonly citations: readonly MessageCitation[];
  /**
   * `${partId}/${nodeId}` of a citation-list → the number of its first citation. Keyed by the view's part ID, not its
   * view ID: two views of one message may share a view ID (and node IDs).
   */
  readonly startOf: ReadonlyMap<string, number>;
  /** The part ID of each view → the number its first citation gets. */
  readonly viewStart: ReadonlyMap<string, number>;
}

/** Code is not prose: citation markup inside fences or code spans does not count. */
const CODE = /(^|\n) {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(\n {0,3}\2[`~]*[ \t]*(?=\n|$)|$)|(`+)[^`]*?\4/g;

const markupCache = new WeakMap<object, readonly TextCitation[]>();
/** The citation markup of a text part, read once per part. */
function textCitations(part: TextPart): readonly TextCitation[] {
  let found = markupCache.get(part);
  if (!found) {
    const list: TextCitation[] = [];
    for (const match of part.text.replace(CODE, ' ').matchAll(CITATION_MARKUP)) {
      const number = Number(match[1]);
      if (number < 1 || number > MAX_CITATION) continue;
      const uri = match[2];
      list.push({ number, origin: 'text', ...(uri && parseMantisUri(uri) ? { target: { uri } } : {}) });
    }
    found = list;
    markupCache.set(part, found);
  }
  return found;
}

/**
 * Numbers a message's citations in source order, continuously across its text and its views: citation markup in
 * prose keeps the number it was written with, and each citation-list continues after the highest number cited
 * before it. Text after the last view is read only when `trailingText` is set (the final aggregate), so the
 * streaming tail of a message is never re-read per chunk to place its views.
 */
export function citationIndex(parts: readonly MantisPart[], options: { trailingText?: boolean } = {}): CitationIndex {
  const citations: MessageCitation[] = [];
  const cited = new Set<number>();
  const startOf = new Map<string, number>();
  const viewStart = new Map<string, number>();
  let next = 1;
  const lastView = options.trailingText === false ? parts.findLastIndex((p) => p.type === 'data-mantis-ui') : parts.length - 1;
  const visit = (node: ComposerNode | InvalidNode, viewId: string, partId: string): void => {
    if (node.type === 'stack' || node.type === 'grid') {
      for (const child of node.children) visit(child, viewId, partId);
    } else if (node.type === 'citation-list') {
      startOf.set(`${partId}/${node.id}`, next);
      for (const citation of node.citations) {
        cited.add(next);
        citations.push({ ...citation, number: next++, origin: 'view', viewId, partId, nodeId: node.id });
      }
    }
  };
  parts.forEach((part, index) => {
    if (part.type === 'text' && index <= lastView) {
      for (const citation of textCitations(part)) {
        if (cited.has(citation.number)) continue;
        cited.add(citation.number);
        citations.push(citation);
        next = Math.max(next, citation.number + 1);
      }
    } else if (part.type === 'data-mantis-ui') {
      viewStart.set(part.id, next);
      visit(part.data.root, part.data.id, part.id);
    }
  });
  return { citations: citations.sort((a, b) => a.number - b.number), startOf, viewStart };
}
