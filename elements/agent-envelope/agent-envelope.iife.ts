import { ContextEvent } from '@lit/context';
import { emit } from '../events.js';
import { defineElement } from '../internal/define.js';
import { chatPort } from '../internal/chat-context.js';
import { lazyElement, loadAgentEnvelope } from '../internal/lazy.js';

export { registerEnvelopeComponent } from './registry-source.js';
export type { EnvelopeStatusDetail } from '../events.js';

/*
 * agent-envelope.ts for the IIFE (vite.config.ts swaps it in): the element is its own file beside the IIFE
 * (mantis-ui.agent-envelope.js), a Lit element that takes the IIFE's Lit and the page's registered business panels
 * (elements/internal/lit-kit.ts), loaded when a page first needs one: a chat shows an envelope
 * (requireAgentEnvelope), or the page itself holds an <agent-envelope>. Properties set before it is defined are taken
 * at the upgrade; registering a panel works at once, before any envelope loaded.
 */

const PROBLEM = { reason: 'render-failed', message: 'The agent UI element could not be loaded.' } as const;

/**
 * What `<agent-envelope>` is when its file cannot be loaded (a page that gave no folder for the lazy files, say): every
 * envelope says, in its place, that it could not be drawn, and reports `error` as the real element would (to its chat
 * too), never an empty slot.
 */
class UnavailableEnvelope extends HTMLElement {
  connectedCallback(): void {
    if (this.shadowRoot) return;
    const note = document.createElement('p');
    note.setAttribute('part', 'fallback');
    note.setAttribute('role', 'note');
    note.dataset['reason'] = PROBLEM.reason;
    note.textContent = 'This content could not be drawn.';
    this.attachShadow({ mode: 'open' }).append(note);
    const envelopeId = this.getAttribute('envelope-id') ?? '';
    if (envelopeId) this.dispatchEvent(new ContextEvent(chatPort, this, (port) => port?.setEnvelopeStatus(envelopeId, 'error', PROBLEM.message)));
    emit(this, 'mantis-envelope-status', { envelopeId, status: 'error', ...PROBLEM });
  }
}

/** Loads and defines <agent-envelope>, once (a failed load is tried again at the next call). */
export const requireAgentEnvelope: () => void = lazyElement('agent-envelope', loadAgentEnvelope, () => defineElement('agent-envelope', UnavailableEnvelope));
