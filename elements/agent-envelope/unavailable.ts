import { ContextEvent } from '@lit/context';
import { emit } from '../events.js';
import { chatPort } from '../internal/chat-context.js';

/*
 * The IIFE's stand-in for <agent-envelope> when the element's file cannot be loaded (elements/internal/lazy.iife.ts
 * defines it then): small, so the IIFE carries it without the element.
 */

const PROBLEM = { reason: 'render-failed', message: 'The agent UI element could not be loaded.' } as const;

/**
 * What `<agent-envelope>` is when its file cannot be loaded (a page that gave no folder for the lazy files, say): every
 * envelope says, in its place, that it could not be drawn, and reports `error` as the real element would (to its chat
 * too), never an empty slot.
 */
export class UnavailableEnvelope extends HTMLElement {
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
