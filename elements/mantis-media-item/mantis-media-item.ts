import { defineElement } from '../internal/define.js';
import { MantisMediaItem } from './mantis-media-item.component.js';

export { MantisMediaItem };
export type { MediaErrorDetail } from '../events.js';

defineElement('mantis-media-item', MantisMediaItem);

declare global {
  interface HTMLElementTagNameMap {
    'mantis-media-item': MantisMediaItem;
  }
}
