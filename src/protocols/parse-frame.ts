import type * as z from 'zod/mini';

/** Parses one frame's text with a schema. Never throws: bad JSON or a bad shape is an `{ok:false}` with a short reason. */
export function parseFrame<T>(schema: z.ZodMiniType<T>, text: string): { ok: true; value: T } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'frame is not JSON' };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, reason: `invalid frame${issue ? ` at /${issue.path.join('/')}: ${issue.message}` : ''}` };
  }
  return { ok: true, value: result.data };
}
