/*
 * Citation markup in prose (docs/protocol.md, "Citations"): `[3]`, or `[3](mantis://map/<map>/point/<id>)` with the
 * map entity it points at. Both keep the number they were written with. `citationIndex` numbers what it finds, and the
 * Markdown renderer shows the linked form as the bare one: one definition for both. A module of its own, with no
 * imports, so that the renderer takes it without the core.
 */

/** The largest citation number read from prose; larger bracketed numbers are not citation markup. */
export const MAX_CITATION = 999;

/** Citation markup anywhere in a text: the number, and the `mantis://` URI of the linked form (global: `matchAll`). */
export const CITATION_MARKUP = /\[(\d{1,3})\](?:\((mantis:\/\/[^\s()]{1,512})\))?/g;

const LINKED_CITATION = /^\[(\d{1,3})\]\(mantis:\/\/[^\s()]{1,512}\)$/;

/** The number written in `raw` when `raw` is exactly citation markup in its linked form, `[3](mantis://…)`; else null. */
export function linkedCitationNumber(raw: string): string | null {
  const number = LINKED_CITATION.exec(raw)?.[1];
  return number !== undefined && Number(number) >= 1 && Number(number) <= MAX_CITATION ? number : null;
}
