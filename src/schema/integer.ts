import * as z from 'zod/mini';

/**
 * A safe integer, what `z.int()` checks, as a number with a refinement: zod's number formats (z.int) cost about 450 B
 * gzip in every bundle that reads a wire or A2UI. A module of its own, so that a bundle that needs it takes nothing
 * else with it. The A2UI prompt still writes it `int` (prompt-shape.ts).
 */
// (`abort`: as z.int()'s type issue, a fraction stops the checks after it, and those of the object around it.)
export const integer = /* @__NO_SIDE_EFFECTS__ */ () => z.number().check(z.refine(Number.isSafeInteger, { message: 'Expected an integer.', abort: true }));

/**
 * Whether `schema` is refined to a safe integer by `integer`: JSON Schema calls it an integer, where Zod's generator,
 * which has no word for a refinement, says number (the prompts' readers ask this).
 */
export const isRefinedInteger = (schema: z.core.$ZodType): boolean =>
  (schema._zod.def.checks ?? []).some((check) => (check._zod.def as { fn?: unknown }).fn === Number.isSafeInteger);
