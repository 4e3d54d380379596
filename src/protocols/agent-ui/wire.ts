import * as z from 'zod/mini';
import { integer } from '../../schema/integer.js';

/*
 * The agent-ui@1 `ui_envelope` event (001_996c0b4640eee42b.txt), on the agent-ui stream or carried on a Composer SSE
 * stream: the wrapper is read leniently (an unknown key is left behind; only a missing or wrong required one refuses
 * it), the envelope inside as strictly as ever by its own schema (envelope.ts).
 */

export const UiEnvelopeEvent = z.object({
  session_id: z.string().check(z.minLength(1), z.maxLength(128)),
  envelope_id: z.string().check(z.minLength(1), z.maxLength(128)),
  created_at: integer().check(z.nonnegative()),
  envelope: z.unknown(),
});
export type UiEnvelopeEvent = z.infer<typeof UiEnvelopeEvent>;
