import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../limits.js';
import { Id, Label, Markdown } from './primitives.js';
import { Target } from './uris.js';

/*
 * Visual Tour keeps its whole-message JSON contract (000_de6e533300a72cb9.txt, "Protocol"): in Visual Tour mode
 * the assistant's entire message is one JSON object, never Markdown with fences. docs/protocol.md documents it.
 */

/** Largest Visual Tour message, in UTF-8 bytes; a longer one fails closed while streaming. */
export const TOUR_MAX_BYTES = 32 * 1024;
/** Most steps in one tour. */
export const TOUR_MAX_STEPS = 12;

export const TourStepSchema = z.strictObject({
  id: Id,
  title: Label,
  /** Restricted Markdown. */
  body: Markdown,
  /** The map entity the step shows. */
  target: Target,
});

export const TourSchema = z.strictObject({
  tour: z.strictObject({
    version: z.literal(1),
    title: Label,
    summary: z.optional(z.string().check(z.minLength(1), z.maxLength(TEXT_LIMITS.markdown))),
    steps: z.array(TourStepSchema).check(z.minLength(1), z.maxLength(TOUR_MAX_STEPS)),
  }),
});

export type Tour = z.output<typeof TourSchema>['tour'];

/** Parses a whole Visual Tour message. Never throws. */
export function parseTour(text: string): { ok: true; tour: Tour } | { ok: false } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  const parsed = TourSchema.safeParse(json);
  if (!parsed.success) return { ok: false };
  const ids = parsed.data.tour.steps.map((step) => step.id);
  if (new Set(ids).size !== ids.length) return { ok: false };
  return { ok: true, tour: parsed.data.tour };
}
