/*
 * The hostile shapes of the test suite (test/helpers/hostile.ts), at the size its browser test streams them
 * (test/elements/mantis-chat/hostile.test.ts), for timing against a plain paragraph of the same size.
 */
import { COMPOSER_LIMITS } from '../../src/index.js';
import { HOSTILE_SHAPES, plainParagraph, type HostileShape } from '../../test/helpers/hostile.js';

export { HOSTILE_SHAPES, plainParagraph, type HostileShape };

/** The size the test streams each shape at: just under the display limit, every shape. */
export const hostileSize = (_shape: HostileShape): number => COMPOSER_LIMITS.displayChars - 1;
