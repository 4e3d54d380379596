import { TOUR_MAX_BYTES, parseTour } from '../../schema/tour.js';
import { utf8Length } from '../../utf8.js';
import { failureText } from '../../message/failures.js';
import type { MessageParser } from '../../message/parser.js';
import type { MantisPart, StreamFailureReason } from '../../message/parts.js';

/**
 * Visual Tour: the whole message is one JSON object. Until it ends it shows as a placeholder; then it is a tour
 * part, or a safe error part. Past TOUR_MAX_BYTES it fails closed at once and the rest is not buffered.
 */
export function createTourParser(): MessageParser {
  let text = '';
  let bytes = 0;
  let failed = false;
  let ended = false;
  const parts: MantisPart[] = [{ type: 'data-mantis-ui-pending', id: 'tour', data: { bytes: 0 } }];
  const fail = (reason: StreamFailureReason): void => {
    failed = true;
    text = '';
    parts[0] = { type: 'data-mantis-ui-error', id: 'tour', data: { reason, message: failureText(reason) } };
  };
  return {
    push(delta) {
      if (ended || failed) return parts;
      bytes += utf8Length(delta);
      if (bytes > TOUR_MAX_BYTES) fail('too-large');
      else {
        text += delta;
        parts[0] = { type: 'data-mantis-ui-pending', id: 'tour', data: { bytes } };
      }
      return parts;
    },
    insert(part) {
      if (!ended) parts.push(part);
      return parts;
    },
    upsert(part, matches) {
      const index = parts.findLastIndex(matches);
      if (index === -1) parts.push(part);
      else parts[index] = part;
      return parts;
    },
    end() {
      if (ended) return parts;
      ended = true;
      if (failed) return parts;
      const result = parseTour(text);
      if (result.ok) parts[0] = { type: 'data-mantis-tour', id: 'tour', data: result.tour };
      else fail('invalid-tour');
      return parts;
    },
  };
}
