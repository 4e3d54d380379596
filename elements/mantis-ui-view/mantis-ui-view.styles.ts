import { css } from 'lit';
import { actionStyles } from './actions.js';
import { artifactStyles } from './nodes/artifact.js';
import { citationStyles } from './nodes/citation-list.js';
import { containerStyles } from './nodes/containers.js';
import { tableStyles } from './nodes/data-table.js';
import { cardStyles } from './nodes/entity-card.js';
import { mediaStyles } from './nodes/media-gallery.js';
import { metricGroupStyles } from './nodes/metric-group.js';
import { taskStyles } from './nodes/task-card.js';
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
  .group-title {
    margin: 0 0 calc(var(--_space) * 0.5);
    font-weight: 650;
  }
  section,
  article {
    position: relative;
  }
`;

export const viewStyles = [
  baseStyles,
  containerStyles,
  textStyles,
  metricGroupStyles,
  cardStyles,
  citationStyles,
  tableStyles,
  taskStyles,
  mediaStyles,
  artifactStyles,
  actionStyles,
];
