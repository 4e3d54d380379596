import { css } from 'lit';
import { actionStyles } from './actions.js';
import { containerStyles } from './nodes/containers.js';
import { cardStyles } from './nodes/entity-card.js';
import { metricGroupStyles } from './nodes/metric-group.js';
import { textStyles } from './nodes/text.js';

const baseStyles = css`
  :host {
    display: block;
  }
  /* An explicit theme paints its own surface; an inherited one stays transparent on its container. */
  :host([theme]) {
    background: var(--_surface);
  }
  .base {
    display: block;
  }
  .markdown > :first-child {
    margin-top: 0;
  }
  .markdown > :last-child {
    margin-bottom: 0;
  }
  .loading {
    color: var(--_muted);
  }
  .group-title {
    margin: 0 0 calc(var(--_space) * 0.5);
    font-weight: 650;
  }
  section,
  article {
    position: relative;
  }
`;

/** The view's styles; those of the components drawn by nodes/more.ts come with it (lazy-nodes.ts). */
export const viewStyles = [
  baseStyles,
  containerStyles,
  textStyles,
  metricGroupStyles,
  cardStyles,
  actionStyles,
];
