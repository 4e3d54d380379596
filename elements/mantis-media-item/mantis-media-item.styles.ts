import { css } from 'lit';

export const mediaItemStyles = css`
  :host {
    display: block;
    min-width: 0;
  }
  .base {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
    border-radius: var(--_radius);
  }
  .base:focus {
    outline: none;
  }
  .base:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  /* One box for skeleton, image and placeholder, so the layout does not jump while an item loads. */
  .frame {
    box-sizing: border-box;
    width: 100%;
    aspect-ratio: 4 / 3;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_raised);
  }
  .image {
    display: block;
    object-fit: contain;
  }
  .skeleton.loading {
    background: linear-gradient(90deg, var(--_raised) 25%, var(--_border) 50%, var(--_raised) 75%) 0 0 / 200% 100%;
    animation: shimmer 1.4s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton.loading {
      animation: none;
    }
  }
  @keyframes shimmer {
    to {
      background-position: -200% 0;
    }
  }
  .failure {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 0.5);
    align-items: flex-start;
  }
  .placeholder {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: calc(var(--_space) * 0.5);
    padding: var(--_space);
    border-style: dashed;
    color: var(--_muted);
    text-align: center;
    font-size: 0.875em;
  }
  .placeholder .icon {
    font-size: 1.5em;
  }
  .download {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .file {
    display: flex;
    gap: var(--_space);
    align-items: flex-start;
  }
  .file-text {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .file-name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .file-alt,
  .progress-text {
    color: var(--_muted);
    font-size: 0.8125em;
  }
  .download-controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
  }
  .progress {
    flex: 1 1 8rem;
    accent-color: var(--_accent);
  }
  .done {
    color: var(--_success);
    font-size: 0.875em;
  }
  .download-error {
    margin: 0;
    color: var(--_danger);
    font-size: 0.875em;
  }
  .button {
    font: inherit;
    font-size: 0.875em;
    padding: calc(var(--_space) * 0.5) var(--_space);
    border: 1px solid var(--_accent);
    border-radius: var(--_radius);
    background: transparent;
    color: var(--_accent);
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  .button:hover {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .caption {
    margin: 0;
    font-size: 0.8125em;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
`;
