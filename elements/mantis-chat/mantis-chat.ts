import { defineElement } from '../internal/define.js';
// The chat renders views: define their element too.
import '../mantis-ui-view/mantis-ui-view.js';
import '../mantis-artifact-panel/mantis-artifact-panel.js';
import { MantisChat } from './mantis-chat.component.js';

export { MantisChat };
export type {
  ConnectionChangeDetail,
  CopyDetail,
  HistoryChangeDetail,
  SuggestionsRequestDetail,
  MessageCompleteDetail,
  ProtocolErrorDetail,
  SendDetail,
  SendErrorDetail,
  MessageInterruptedDetail,
  CitationsDetail,
  ConfigErrorDetail,
  ActionRequestDetail,
  ActionOutcomeDetail,
} from '../events.js';

defineElement('mantis-chat', MantisChat);

declare global {
  interface HTMLElementTagNameMap {
    'mantis-chat': MantisChat;
  }
}
