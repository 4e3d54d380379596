import { defineElement } from '../internal/define.js';
import { AgentEnvelope } from './agent-envelope.component.js';

export { AgentEnvelope };
export { registerEnvelopeComponent } from './registry-source.js';
export type { EnvelopeStatusDetail } from '../events.js';

defineElement('agent-envelope', AgentEnvelope);

/**
 * Makes sure <agent-envelope> is defined: it is, once this module ran. (In the IIFE the element is a file of its own,
 * and this loads it: agent-envelope.iife.ts.)
 */
export function requireAgentEnvelope(): void {}

declare global {
  interface HTMLElementTagNameMap {
    'agent-envelope': AgentEnvelope;
  }
}
