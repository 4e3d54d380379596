import * as z from 'zod/mini';

/**
 * An optional field of a frame or record on the wire (docs/protocol.md "What the wire forgives"): its value when it is
 * one of `schema`, else left out, so one odd field never costs its event. (An overwrite of an unknown, not `z.catch`:
 * the same reading without two more zod classes in every bundle that reads a wire.)
 */
export const lenient = <T extends z.ZodMiniType>(schema: T): z.ZodMiniOptional<z.ZodMiniType<z.output<T>, z.input<T>>> =>
  z.optional(
    z.unknown().check(
      z.overwrite((value) => {
        const parsed = schema.safeParse(value);
        return parsed.success ? parsed.data : undefined;
      }),
    ),
  ) as never;
