import { defineElement } from '../internal/define.js';
import { MantisUiView } from './mantis-ui-view.component.js';

export { MantisUiView };
export type { ViewErrorDetail } from '../events.js';

defineElement('mantis-ui-view', MantisUiView);

declare global {
  interface HTMLElementTagNameMap {
    'mantis-ui-view': MantisUiView;
  }
}
