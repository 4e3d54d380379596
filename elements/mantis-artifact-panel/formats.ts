import { css, html, nothing, type TemplateResult } from 'lit';
import type { ArtifactEntry } from '../../src/index.js';
import { COMPOSER_LIMITS } from '../../src/limits.js';
import { markdown } from '../internal/markdown.js';
import { parseCsv } from './csv.js';
// <agent-envelope> (an agent-ui@1 payload) is defined with every tag (elements/index.ts), not imported here: the
// panel's code, a lazy part, need not carry it.

/*
 * An artifact's payload, shown by its format. Model content only ever reaches the page as text nodes, except Markdown,
 * which goes through the restricted renderer (sanitized, no links, no images).
 */

/** Rows of a CSV payload rendered at most (the header row aside); the rest are counted in a note. */
export const CSV_ROW_LIMIT = 1000;

/** Columns of a CSV payload rendered at most, as for a Markdown table; the rest are counted in a note. */
export const CSV_COLUMN_LIMIT = COMPOSER_LIMITS.markdownTableColumns;

/** JSON nested deeper than this is shown as sent: indenting it would multiply its size. */
export const JSON_INDENT_DEPTH_LIMIT = 64;

const note = (text: string): TemplateResult => html`<p class="note" role="note">${text}</p>`;

const asText = (content: string): TemplateResult => html`<pre class="text">${content}</pre>`;

/**
 * A CSV payload as a table. Its cost is bounded by its text, never by its widest row: at most
 * COMPOSER_LIMITS.markdownTableColumns columns and CSV_ROW_LIMIT rows are shown (each with a note saying how many there
 * are), and a short row is completed by one empty cell spanning the columns it lacks, so a row of one comma under a
 * header of thousands costs three cells, not thousands.
 */
function csvTable(content: string): TemplateResult {
  const parsed = parseCsv(content);
  if (!parsed.ok) return html`${note(`This CSV can’t be shown as a table (${parsed.reason}); it is shown as text.`)}${asText(content)}`;
  const [header = [], ...body] = parsed.rows;
  let columns = header.length;
  for (const row of body) columns = Math.max(columns, row.length);
  const shownColumns = Math.min(columns, CSV_COLUMN_LIMIT);
  const shown = body.slice(0, CSV_ROW_LIMIT);
  const headerCells = Array.from({ length: shownColumns }, (_, i) => header[i] ?? '');
  const row = (fields: readonly string[]) => {
    const cells = fields.slice(0, shownColumns);
    const missing = shownColumns - cells.length;
    return html`<tr>${cells.map((value) => html`<td>${value}</td>`)}${missing > 0 ? html`<td class="pad" colspan=${missing}></td>` : nothing}</tr>`;
  };
  return html`${body.length > CSV_ROW_LIMIT
      ? note(`Showing the first ${CSV_ROW_LIMIT.toLocaleString('en')} of ${body.length.toLocaleString('en')} rows.`)
      : nothing}${columns > shownColumns
      ? note(`Showing ${shownColumns.toLocaleString('en')} of ${columns.toLocaleString('en')} columns.`)
      : nothing}
    <table class="csv">
      <thead>
        <tr>
          ${headerCells.map(
            (name, i) => html`<th scope="col">${name === '' ? html`<span class="visually-hidden">Column ${i + 1}</span>` : name}</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${shown.map(row)}
      </tbody>
    </table>`;
}

/** How deeply arrays and objects nest in JSON text (brackets inside strings do not count). */
function nesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}

function prettyJson(content: string): TemplateResult {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return html`${note('This JSON is not valid; it is shown as text.')}${asText(content)}`;
  }
  if (nesting(content) > JSON_INDENT_DEPTH_LIMIT) return html`${note('This JSON is nested too deeply to indent; it is shown as sent.')}${asText(content)}`;
  return html`<pre class="code"><code>${JSON.stringify(value, null, 2)}</code></pre>`;
}

/** The payload of an artifact, rendered by its format. */
export function renderArtifact(entry: ArtifactEntry): TemplateResult {
  if (entry.envelope) {
    // An agent-ui@1 envelope: validated and rendered by <agent-envelope>, never shown as its JSON.
    return html`<agent-envelope
      envelope=${entry.content}
      envelope-id=${entry.envelope.envelopeId}
      agent-ui-url=${entry.envelope.agentUiUrl}
      session-id=${entry.envelope.sessionId}
      .registryScope=${entry.envelope.registryScope ?? null}
      .agentUiHeaders=${entry.envelope.headers ?? null}
    ></agent-envelope>`;
  }
  switch (entry.format) {
    case 'markdown':
      return html`<div class="markdown">${markdown(entry.content, 'restricted')}</div>`;
    case 'code':
      return html`<figure class="code-block">
        <figcaption class="language">${entry.language ?? 'Code'}</figcaption>
        <pre class="code"><code>${entry.content}</code></pre>
      </figure>`;
    case 'csv':
      return csvTable(entry.content);
    case 'json':
      return prettyJson(entry.content);
    default:
      return asText(entry.content);
  }
}

export const formatStyles = css`
  .text,
  .code {
    margin: 0;
    font-family: var(--_mono);
    font-size: 0.875em;
    line-height: 1.5;
  }
  .text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .code {
    white-space: pre;
    overflow-x: auto;
  }
  .code-block {
    margin: 0;
  }
  .language {
    display: inline-block;
    margin-bottom: calc(var(--_space) * 0.5);
    padding: 0 calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    color: var(--_muted);
    font-size: 0.8em;
  }
  .note {
    margin: 0 0 var(--_space);
    color: var(--_muted);
    font-size: 0.875em;
  }
  table.csv {
    border-collapse: collapse;
    font-size: 0.875em;
  }
  .csv th,
  .csv td {
    padding: calc(var(--_space) * 0.375) var(--_space);
    border: 1px solid var(--_border);
    text-align: start;
    vertical-align: top;
    white-space: pre-wrap;
  }
  .csv th {
    position: sticky;
    top: 0;
    background: var(--_raised);
    font-weight: 650;
  }
`;
