import { defineElement } from '../internal/define.js';
import { MantisMediaItem } from './mantis-media-item.component.js';

export { MantisMediaItem };
export type { MediaErrorDetail } from '../events.js';

defineElement('mantis-media-item', MantisMediaItem);

/**
 * Makes sure <mantis-media-item> is defined: it is, once this module ran. (In the IIFE the element is a file of its
 * own, and this loads it: mantis-media-item.iife.ts.)
 */
export function requireMediaItem(): void {}

declare global {
  interface HTMLElementTagNameMap {
    'mantis-media-item': MantisMediaItem;
  }
}
