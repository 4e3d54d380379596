import { css, html, nothing, type TemplateResult } from 'lit';
import type { AssistantMessage } from '../../src/message/messages.js';

/*
 * The deprecated `tool_call` and `artifacts` fields of a loaded message (001), collapsed, as JSON text, never as UI.
 * Part of parts-view.ts: only old histories have them.
 */

/** Characters of a deprecated debug field shown. */
const DEBUG_CHARS = 4000;

/** The deprecated `tool_call` and `artifacts` of a loaded message (001): collapsed, as JSON text, never as UI. */
export function renderDebug(debug: NonNullable<AssistantMessage['debug']>): TemplateResult {
  const json = (value: unknown): string => {
    try {
      const text = JSON.stringify(value, null, 2) ?? String(value);
      return text.length > DEBUG_CHARS ? `${text.slice(0, DEBUG_CHARS)}…` : text;
    } catch {
      return '(not JSON)';
    }
  };
  return html`${(['tool_call', 'artifacts'] as const).map((key) =>
    debug[key] === undefined
      ? nothing
      : html`<details part="debug" class="debug">
          <summary>Debug: ${key} (deprecated)</summary>
          <pre>${json(debug[key])}</pre>
        </details>`,
  )}`;
}


export const debugStyles = css`
  .debug {
    font-size: 0.875em;
    color: var(--_muted);
  }
  .debug summary {
    cursor: pointer;
  }
  .debug pre {
    font-family: var(--_mono);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 16rem;
    overflow: auto;
    margin: calc(var(--_space) * 0.5) 0 0;
  }
`;
