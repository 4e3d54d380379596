import { defineElement } from '../internal/define.js';
import { AgentEnvelope } from './agent-envelope.component.js';

export { AgentEnvelope };
export { registerEnvelopeComponent } from './registry-source.js';
export type { EnvelopeStatusDetail } from '../events.js';

defineElement('agent-envelope', AgentEnvelope);

declare global {
  interface HTMLElementTagNameMap {
    'agent-envelope': AgentEnvelope;
  }
}
