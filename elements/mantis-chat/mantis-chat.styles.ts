import { css } from 'lit';

export const chatStyles = css`
  :host {
    display: block;
    height: var(--mantis-chat-height, 32rem);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }
  .workspace {
    display: flex;
    height: 100%;
    min-height: 0;
  }
  .base {
    display: flex;
    flex-direction: column;
    flex: 1 1 auto;
    min-width: 0;
    height: 100%;
    min-height: 0;
  }
  .status {
    margin: 0;
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 1.5);
    font-size: 0.8125em;
    color: var(--_muted);
    border-bottom: 1px solid var(--_border);
  }
  .status {
    display: flex;
    align-items: center;
    gap: var(--_space);
  }
  .retry {
    font: inherit;
    font-size: 0.9em;
    border-radius: var(--_radius);
    cursor: pointer;
    padding: 0.1em 0.75em;
    background: transparent;
    color: var(--_accent);
    border: 1px solid var(--_border);
  }
  .status > span::before {
    content: '';
    display: inline-block;
    width: 0.5em;
    height: 0.5em;
    margin-inline-end: 0.5em;
    border-radius: 50%;
    background: var(--_muted);
    vertical-align: middle;
  }
  .status.state-open > span::before {
    background: var(--_success);
  }
  .status.state-closed > span::before {
    background: var(--_danger);
  }
  .transcript {
    position: relative;
    flex: 1 1 auto;
    min-height: 0;
    overflow-y: auto;
    padding: calc(var(--_space) * 1.5);
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 1.5);
  }
  /*
   * Block layout and content-visibility keep streaming work flat in long threads: a growing last message relays out
   * itself, not a flex container of every message, and messages off screen skip layout and paint.
   */
  .transcript-content {
    display: block;
  }
  /* Not "* + *": a sibling combinator ending in "*" makes the browser restyle the whole subtree of any element whose
   * children change (every row of a table that grows). */
  .transcript-content > :not(:first-child) {
    margin-top: calc(var(--_space) * 1.5);
  }
  .transcript-content > .message {
    content-visibility: auto;
    contain-intrinsic-size: auto 6rem;
  }
  .empty {
    color: var(--_muted);
    margin: auto;
    text-align: center;
  }
  .message {
    position: relative;
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    max-width: 100%;
    min-width: 0;
  }
  .message.user {
    margin-inline-start: auto;
    width: fit-content;
    max-width: 85%;
    background: var(--_raised);
    border-radius: var(--_radius);
    padding: var(--_space) calc(var(--_space) * 1.5);
  }
  .user-text {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .markdown {
    overflow-wrap: anywhere;
  }
  /*
   * A long reply is many parts (text between views, notes, tools). Each part out of view skips layout, pre-paint and
   * paint: without this, every frame of a streaming reply walked all of its parts and the tables and code blocks in
   * them (a 240 KB reply took three times as long, and its last frames four times the first). The clip margin keeps
   * focus rings at a part's edge visible.
   */
  .message > .markdown,
  .message > .fallback,
  .message > .tool {
    content-visibility: auto;
    contain-intrinsic-size: auto 6em;
    overflow-clip-margin: 0.5em;
  }
  /* Streamed Markdown sits in two wrappers (finished blocks, open block) that take no part in layout. */
  .md,
  .md-open {
    display: contents;
  }
  .md > :first-child,
  .md > .md-open:first-child > :first-child {
    margin-top: 0;
  }
  .md > :last-child,
  .md-open > :last-child {
    margin-bottom: 0;
  }
  .markdown a {
    color: var(--_accent);
  }
  .markdown pre {
    background: var(--_raised);
    padding: var(--_space);
    border-radius: var(--_radius);
  }
  .markdown table {
    border-collapse: collapse;
    display: block;
    overflow-x: auto;
  }
  .markdown th,
  .markdown td {
    border: 1px solid var(--_border);
    padding: 0.25em 0.5em;
  }
  /* A long table while it streams: frozen column widths, each row laid out on its own (open-block-view.ts). */
  .markdown table.streaming > thead,
  .markdown table.streaming > tbody {
    display: block;
  }
  /* Bodies out of view skip layout and paint (each was laid out once, so its size is remembered). */
  .markdown table.streaming > tbody {
    content-visibility: auto;
    contain-intrinsic-size: auto 30em;
  }
  .markdown table.streaming tr {
    display: grid;
    grid-template-columns: var(--_columns);
    border-left: 1px solid var(--_border);
  }
  .markdown table.streaming > thead > tr {
    border-top: 1px solid var(--_border);
  }
  .markdown table.streaming th,
  .markdown table.streaming td {
    border-width: 0 1px 1px 0;
  }
  /* A code block or list that streams in chunks (open-block-view.ts) looks like one. */
  .markdown code.streaming,
  .markdown code.streaming > .chunk,
  .markdown p > .chunk {
    display: block;
  }
  .markdown .continued {
    margin-bottom: 0;
  }
  .markdown .chunk {
    margin-top: 0;
    /* Chunks out of view skip layout and paint: a long paragraph of many inline elements, say. */
    content-visibility: auto;
    contain-intrinsic-size: auto 30em;
  }
  /* A chunk clips what it paints to its box: code lines wider than the block widen the chunk instead. */
  .markdown code.streaming > .chunk {
    min-width: 100%;
    width: max-content;
  }
  .pending {
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space) calc(var(--_space) * 1.5);
    color: var(--_muted);
    font-size: 0.875em;
  }
  .earlier {
    color: var(--_muted);
    font-size: 0.8125em;
    text-align: center;
    margin: 0;
  }
  .suggestions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5);
  }
  .composer-actions {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
  }
  select {
    font: inherit;
    font-size: 0.8125em;
    color: var(--_text);
    background: var(--_raised);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .composer {
    display: flex;
    gap: var(--_space);
    padding: var(--_space);
    border-top: 1px solid var(--_border);
    align-items: flex-end;
  }
  textarea {
    flex: 1 1 auto;
    resize: vertical;
    min-height: 2.5em;
    max-height: 12em;
    font: inherit;
    color: var(--_text);
    background: var(--_raised);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space);
  }
  .send {
    font: inherit;
    font-weight: 600;
    color: var(--_on-accent);
    background: var(--_accent);
    border: 0;
    border-radius: var(--_radius);
    padding: var(--_space) calc(var(--_space) * 2);
    cursor: pointer;
  }
`;
