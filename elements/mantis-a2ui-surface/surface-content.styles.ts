import { css } from 'lit';

/*
 * The look of what the surface shows (render-content.ts): Text and its variants, Image and its placeholder, Icon, and
 * Divider. A file of its own beside the layout and the inputs; mantis-a2ui-surface.styles.ts puts the parts together.
 */
export const contentStyles = css`
  .text {
    min-width: 0;
    overflow-wrap: anywhere;
    line-height: 1.4;
  }
  .md {
    display: contents;
  }
  .text p {
    margin: 0;
  }
  .text p + p,
  .text ul,
  .text ol,
  .text pre,
  .text blockquote,
  .text table {
    margin: 0.4em 0 0;
  }
  .text[data-variant='h1'] { font-size: 2.5em; font-weight: 600; line-height: 1.15; }
  .text[data-variant='h2'] { font-size: 2em; font-weight: 600; line-height: 1.2; }
  .text[data-variant='h3'] { font-size: 1.75em; font-weight: 600; line-height: 1.2; }
  .text[data-variant='h4'] { font-size: 1.5em; font-weight: 600; line-height: 1.25; }
  .text[data-variant='h5'] { font-size: 1.25em; font-weight: 600; line-height: 1.3; }
  .text[data-variant='caption'] { font-size: 0.8em; color: var(--_muted); font-style: italic; }
  .button[data-variant='primary'] .text[data-variant='caption'] { color: inherit; }

  .image,
  .image-placeholder {
    box-sizing: border-box;
    display: block;
    width: 100%;
    max-width: 300px;
    height: auto;
    border-radius: var(--_radius);
  }
  .video { box-sizing: border-box; display: block; width: 100%; max-width: 480px; border-radius: var(--_radius); background: #000; }
  .audio { box-sizing: border-box; display: block; width: 100%; max-width: 480px; }
  .image[data-fit='contain'] { object-fit: contain; }
  .image[data-fit='cover'] { object-fit: cover; }
  .image[data-fit='fill'] { object-fit: fill; }
  .image[data-fit='none'] { object-fit: none; }
  .image[data-fit='scaleDown'] { object-fit: scale-down; }
  .image-placeholder {
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 4em;
    padding: var(--_space);
    border: 1px dashed var(--_border);
    background: var(--_raised);
    color: var(--_muted);
    font-size: 0.875em;
    text-align: center;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  [data-variant='icon'].image,
  [data-variant='icon'].image-placeholder { width: 24px; height: 24px; min-height: 0; padding: 0; font-size: 0; }
  [data-variant='avatar'].image,
  [data-variant='avatar'].image-placeholder { width: 40px; height: 40px; min-height: 0; padding: 0; border-radius: 50%; font-size: 0; }
  [data-variant='smallFeature'].image,
  [data-variant='smallFeature'].image-placeholder { width: 100px; height: 100px; }
  [data-variant='largeFeature'].image,
  [data-variant='largeFeature'].image-placeholder { max-width: none; max-height: 400px; }
  [data-variant='header'].image,
  [data-variant='header'].image-placeholder { max-width: none; height: 200px; object-fit: cover; }
  .icon {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 1.5em;
    height: 1.5em;
    font-size: 1em;
    line-height: 1;
    color: inherit;
    flex: 0 0 auto;
  }
  .button .icon,
  .button .text {
    margin: 0;
  }
  .divider {
    border: none;
    align-self: stretch;
    background: var(--_border);
  }
  .divider[data-axis='horizontal'] { height: 1px; }
  .divider[data-axis='vertical'] { width: 1px; min-height: 1.5em; }
`;
