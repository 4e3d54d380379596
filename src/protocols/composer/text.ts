import type { TextProtocol } from '../module.js';
import { createFenceParser } from './message-parser.js';
import { createTourParser } from './tour-parser.js';

/** `mantis-ui` fences inside Markdown (000): views where the marker negotiated them, Markdown otherwise. */
export const FENCE_PROTOCOL: TextProtocol = { name: 'mantis-ui fences', accepts: () => true, createParser: createFenceParser };

/** Visual Tour (000): the whole message is one JSON object. */
export const TOUR_PROTOCOL: TextProtocol = {
  name: 'visual tour',
  accepts: (marker) => marker.mode === 'visual-tour',
  createParser: () => createTourParser(),
};
