import * as z from 'zod/mini';

/*
 * Three JSON shapes built from the schemas the first load already holds (object, array, string with a pattern) rather
 * than zod's record, tuple and ISO schemas. Only lazy parts (agent-ui@1 charts, maps and registries, A2UI messages)
 * use these shapes, and a module lives in one file of the script tag's graph: zod's own record, tuple and ISO schemas
 * would put about 2 KB gzip into the first load for those parts alone.
 */

/**
 * An object whose values are each a `value`, with string keys between `minKey` and `maxKey` characters long: what
 * `z.record(z.string(), value)` checks, with the issue for a value at the value's key.
 */
export const keyedBy = /* @__NO_SIDE_EFFECTS__ */ <T extends z.core.SomeType>(value: T, maxKey = Infinity, minKey = 0) =>
  z.catchall(z.object({}), value).check(
    z.refine((object) => Object.keys(object).every((key) => key.length >= minKey && key.length <= maxKey), {
      message: `Keys are ${minKey} to ${maxKey} characters long`,
    }),
  );

type Outputs<T extends readonly z.core.$ZodType[]> = { -readonly [K in keyof T]: z.output<T[K]> };

/**
 * An array of exactly one value per item schema, each checked by its schema (the issue at its index): what
 * `z.tuple(items)` checks, for item schemas that do not transform (the value is kept as it came).
 */
export function tupleOf<const T extends readonly z.core.$ZodType[]>(items: T): z.ZodMiniType<Outputs<T>> {
  return z.array(z.unknown()).check(
    z.minLength(items.length),
    z.maxLength(items.length),
    z.superRefine((value, ctx) => {
      if (value.length !== items.length) return;
      items.forEach((item, index) => {
        const checked = z.safeParse(item, value[index]);
        if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ ...issue, path: [index, ...issue.path] });
      });
    }),
  ) as unknown as z.ZodMiniType<Outputs<T>>;
}

/** An ISO 8601 date and time with `Z` or an offset (`+08:00`): zod's own datetime pattern, as `z.iso.datetime({ offset: true })`. */
export const isoInstant = /* @__NO_SIDE_EFFECTS__ */ () => z.string().check(z.regex(z.regexes.datetime({ offset: true }), 'Invalid ISO datetime'));
