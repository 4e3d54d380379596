/*
 * The hostile shapes of the test suite (test/helpers/hostile.ts), at the sizes its browser test streams them
 * (test/elements/mantis-chat/hostile.test.ts), for timing against a plain paragraph of the same size.
 */
import { COMPOSER_LIMITS } from '../../src/index.js';
import { HOSTILE_SHAPES, plainParagraph, type HostileShape } from '../../test/helpers/hostile.js';

export { HOSTILE_SHAPES, plainParagraph, type HostileShape };

/**
 * The size the test streams each shape at: just under the display limit, or smaller for the shapes whose open block
 * is still rendered whole on each chunk (quadratic today: 1-9 s each at 32 KiB in 4 KiB chunks).
 */
export const HOSTILE_SIZES: Readonly<Record<string, number>> = {
  'many list items': 24_000,
  'deep list': 16_000,
  'deep quote': 10_000,
  'table rows': 32_000,
  'table columns': 32_000,
  'link nesting': 32_000,
  'emphasis nesting': 24_000,
  'reference definitions': 10_000,
};

export const hostileSize = (shape: HostileShape): number => HOSTILE_SIZES[shape.name] ?? COMPOSER_LIMITS.displayChars - 1;
