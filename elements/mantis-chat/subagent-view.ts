import { css, html, nothing, type TemplateResult } from 'lit';
import type { SubagentPart } from '../../src/message/parts.js';

/*
 * A subagent the agent handed work to (AG-UI `SUBAGENT_*`), where it started: its name, how it is doing, what it is
 * for and, when it failed, the agent's words. Part of parts-view.ts, loaded with the first such part.
 */

/** Its states as people read them; another the agent named shows neutrally under its own name. */
const SUBAGENT_STATE: Readonly<Record<string, string>> = { running: 'working…', done: 'done', suspended: 'waiting for input', failed: 'failed' };

export function renderSubagent(part: SubagentPart): TemplateResult {
  const { name, description, state, message } = part.data;
  const known = Object.prototype.hasOwnProperty.call(SUBAGENT_STATE, state);
  const label = known ? (SUBAGENT_STATE[state] as string) : state.replaceAll('_', ' ');
  return html`<div part="subagent" class="subagent subagent-${known ? state : 'unlisted'}" role="group" aria-label=${`Subagent ${name}: ${label}`}>
    <span class="subagent-name">${name}</span>
    <span class="subagent-state">${label}</span>
    ${description ? html`<span class="muted">${description}</span>` : nothing}
    ${message ? html`<span part="subagent-message" class="subagent-message">${message}</span>` : nothing}
  </div>`;
}

export const subagentStyles = css`
  .subagent {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: calc(var(--_space) * 0.75);
    font-size: 0.875em;
    border-inline-start: 3px solid var(--_muted);
    padding-inline-start: var(--_space);
  }
  .subagent-name {
    font-weight: 600;
  }
  .subagent-failed {
    border-inline-start-color: var(--_danger);
  }
  .subagent-failed .subagent-state {
    color: var(--_danger);
  }
`;
