import { LitElement, css, html, noChange, nothing, render, svg, unsafeCSS } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { Directive, directive, PartType } from 'lit/directive.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { markdown } from './markdown.js';
import { renderMarkdown } from './markdown-render.js';
import { consume } from '@lit/context';
import { chatPort, chatServices } from './chat-context.js';
import { onEnvelopeComponents, pageComponents, registerEnvelopeComponent } from '../agent-envelope/registry-source.js';

/*
 * What the IIFE lends the Lit elements it loads lazily (scripts/lit-kit.json lists it; test/node/lit-kit.test.ts keeps
 * the two equal): one Lit for the page, so a lazy element is a Lit element like the others and carries no Lit of
 * its own. The lazy files' build turns their `lit` imports into reads of this object (vite.config.ts). The restricted
 * Markdown renderer is lent too (its modules named by their path): one DOMPurify and one Trusted Types policy per page,
 * and no second copy of marked and DOMPurify in a lazy file. What is lent only ever returns sanitized DOM. The chat's
 * port context is lent with its decorator, so a lazy element inside a chat reaches the session through it; and the
 * business panels the page registered, so a lazy `<agent-envelope>` renders what `MantisUI.registerEnvelopeComponent`
 * registered.
 */
export const LIT_KIT: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  lit: { LitElement, css, html, noChange, nothing, render, svg, unsafeCSS },
  'lit/decorators.js': { property, query, state },
  'lit/directive.js': { Directive, directive, PartType },
  'lit/directives/guard.js': { guard },
  'lit/directives/repeat.js': { repeat },
  'elements/internal/markdown.ts': { markdown },
  'elements/internal/markdown-render.ts': { renderMarkdown },
  '@lit/context': { consume },
  'elements/internal/chat-context.ts': { chatPort, chatServices },
  'elements/agent-envelope/registry-source.ts': { onEnvelopeComponents, pageComponents, registerEnvelopeComponent },
};

/** The key the kit is lent under: one per folder of lazy files, so two copies of the bundle never mix. */
export const litKitKey = (folder: string): symbol => Symbol.for(`mantis-ui.lit-kit:${folder}`);
