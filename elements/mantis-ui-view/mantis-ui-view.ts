import { defineElement } from '../internal/define.js';
// A view's media-gallery renders its items as media items: define their element too.
import '../mantis-media-item/mantis-media-item.js';
import { MantisUiView } from './mantis-ui-view.component.js';

export { MantisUiView };
export type { ViewErrorDetail } from '../events.js';

defineElement('mantis-ui-view', MantisUiView);

declare global {
  interface HTMLElementTagNameMap {
    'mantis-ui-view': MantisUiView;
  }
}
