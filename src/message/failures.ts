import { LIMITS } from '../limits.js';
import { describeFailure, type ViewFailureReason } from '../catalog/validate.js';
import type { StreamFailureReason } from './parts.js';

const STREAM_FAILURE_TEXT: Record<Exclude<StreamFailureReason, ViewFailureReason>, string> = {
  'too-many-views': `This message has more than ${LIMITS.viewsPerMessage} views; the rest are not shown.`,
  incomplete: 'The view was cut off before it was complete.',
  'invalid-tour': 'This tour is not in the expected format, so it can’t be shown.',
};

/** A sentence for people about why a view or tour was refused; never the model's data. */
export function failureText(reason: StreamFailureReason): string {
  return reason in STREAM_FAILURE_TEXT
    ? STREAM_FAILURE_TEXT[reason as keyof typeof STREAM_FAILURE_TEXT]
    : describeFailure(reason as ViewFailureReason);
}
