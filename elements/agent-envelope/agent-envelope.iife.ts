export { registerEnvelopeComponent } from './registry-source.js';
export type { EnvelopeStatusDetail } from '../events.js';

/*
 * agent-envelope.ts for the IIFE (vite.config.ts swaps it in): the element is its own file beside the IIFE
 * (mantis-ui.agent-envelope.js), a Lit element that takes the IIFE's Lit and the page's registered business panels
 * (elements/internal/lit-kit.ts), loaded when a page first needs one: a chat shows an envelope (requireAgentEnvelope,
 * elements/internal/lazy.iife.ts), or the page itself holds an <agent-envelope>. Properties set before it is defined
 * are taken at the upgrade; registering a panel works at once, before any envelope loaded.
 */
