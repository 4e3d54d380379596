import { html, nothing, type TemplateResult } from 'lit';
import { iconSymbol, iconWords } from './icons.js';
import { accessibleDescription, accessibleLabel, oneOf, weightStyle, type A2uiNode, type A2uiRenderers, type SurfaceWalk } from './render-walk.js';

/*
 * The basic catalog's display components (basic_catalog_implementation_guide.md §1): Text, Image, Icon, Video,
 * AudioPlayer. Nothing here ever makes a request: a Text's Markdown goes through the restricted renderer (no links,
 * no images, no HTML); an Image, a Video and an AudioPlayer show only an object URL the page's media resolver (in a
 * chat, its authenticated media service) made for a literal `agent_files/...` key; anything else is a placeholder
 * with the media's description that says why.
 */

/** Keys of the authenticated media store: the only media addresses a surface may show (through the page). */
export const AGENT_FILES = 'agent_files/';

const TEXT_VARIANTS = ['h1', 'h2', 'h3', 'h4', 'h5', 'caption', 'body'] as const;
const IMAGE_VARIANTS = ['icon', 'avatar', 'smallFeature', 'mediumFeature', 'largeFeature', 'header'] as const;
const FITS = ['contain', 'cover', 'fill', 'none', 'scaleDown'] as const;
const SVG_PATH = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,\s+-]*$/;

function text(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const variant = oneOf(node.component['variant'], TEXT_VARIANTS, 'body');
  const heading = /^h[1-5]$/.test(variant);
  const source = r.string(node, node.component['text']);
  // Headings take the inline content only (a heading holds no paragraphs).
  const content = r.host.markdown(node.key, source, heading || variant === 'caption');
  return html`<div
    part="text"
    class="text markdown"
    data-variant=${variant}
    role=${heading ? 'heading' : nothing}
    aria-level=${heading ? r.headingLevel(Number(variant.slice(1))) : nothing}
    .style=${weightStyle(node)}
  >${content}</div>`;
}

function image(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  // Only a literal key is ever asked for: a bound or computed address could carry what the user typed.
  const literal = node.component['url'];
  const url = typeof literal === 'string' ? literal : r.string(node, literal);
  const variant = oneOf(node.component['variant'], IMAGE_VARIANTS, 'mediumFeature');
  const fit = oneOf(node.component['fit'], FITS, 'fill');
  const alt = r.string(node, node.component['description']) || accessibleLabel(node, r);
  const shown = typeof literal === 'string' && url.startsWith(AGENT_FILES) ? r.host.media(url) : null;
  if (shown !== null) {
    return html`<img part="image" class="image" data-variant=${variant} data-fit=${fit} src=${shown} alt=${alt} .style=${weightStyle(node)} />`;
  }
  // No request for an address from a message: the description stands in for the image.
  const reason = url.startsWith(AGENT_FILES) ? 'Image not loaded' : 'Image not shown';
  return html`<div part="image-placeholder" class="image-placeholder" data-variant=${variant} role="img" aria-label=${alt ? `${alt} (${reason.toLowerCase()})` : reason} .style=${weightStyle(node)}>
    <span aria-hidden="true">${alt || reason}</span>
  </div>`;
}

function icon(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const raw = node.component['name'];
  const path = typeof raw === 'object' && raw !== null && 'svgPath' in raw ? (raw as { svgPath: unknown }).svgPath : undefined;
  const name = path === undefined ? r.string(node, raw) : '';
  const label = accessibleLabel(node, r) || iconWords(name) || 'icon';
  if (typeof path === 'string') {
    const d = path.length <= 10_000 && SVG_PATH.test(path) ? path : '';
    return html`<span part="icon" class="icon" role="img" aria-label=${label} .style=${weightStyle(node)}
      ><svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false"><path fill="currentColor" d=${d}></path></svg
    ></span>`;
  }
  return html`<span part="icon" class="icon" role="img" aria-label=${label} .style=${weightStyle(node)}><span aria-hidden="true">${iconSymbol(name)}</span></span>`;
}

/**
 * Video and AudioPlayer: the browser's own player, with its controls, for a literal `agent_files/...` key the media
 * resolver turned into an object URL; a placeholder that says why for any other address (a bound or computed one could
 * carry what the user typed), and while the file loads or when it cannot. A v1.0 Video's `posterUrl` is its poster
 * under the same rule (any other poster is never fetched: the first frame shows).
 */
function media(kind: 'Video' | 'Audio') {
  return (node: A2uiNode, r: SurfaceWalk): TemplateResult => {
    const literal = node.component['url'];
    const url = typeof literal === 'string' ? literal : r.string(node, literal);
    const key = url.startsWith(AGENT_FILES);
    const stored = typeof literal === 'string' && key;
    const name = key ? (url.slice(AGENT_FILES.length).split('/').pop() ?? '') : '';
    // The name of the player: its label first, then what describes it, then its file.
    const what = accessibleLabel(node, r) || r.string(node, node.component['description']) || accessibleDescription(node, r) || name;
    const shown = stored ? r.host.media(url, true) : null;
    if (shown !== null) {
      // A file the browser cannot play (or a URL revoked meanwhile) falls back to the placeholder, saying so.
      const failed = (): unknown => r.host.mediaFailed?.(url, true, true);
      // v1.0's posterUrl: like an Image, only a literal stored key is ever asked for; else the first frame shows.
      const poster = node.component['posterUrl'];
      const still = typeof poster === 'string' && poster.startsWith(AGENT_FILES) ? r.host.media(poster) : null;
      return kind === 'Video'
        ? html`<video part="video" class="video" controls preload="metadata" src=${shown} poster=${still ?? nothing} aria-label=${what || 'Video'} @error=${failed} .style=${weightStyle(node)}></video>`
        : html`<audio part="audio" class="audio" controls preload="metadata" src=${shown} aria-label=${what || 'Audio'} @error=${failed} .style=${weightStyle(node)}></audio>`;
    }
    const why = stored
      ? r.host.mediaFailed?.(url, true) ? 'could not be played' : 'not loaded'
      : `not played: ${key ? 'its address comes from the data model' : 'it is not a stored file'}`;
    return html`<p part="media-placeholder" class="fallback media-placeholder" data-kind=${kind.toLowerCase()} .style=${weightStyle(node)}>
      ${kind} ${why}${what ? html`: <span class="media-about">${what}</span>` : nothing}
    </p>`;
  };
}

export const CONTENT_RENDERERS: A2uiRenderers = {
  Text: text,
  Image: image,
  Icon: icon,
  Video: media('Video'),
  AudioPlayer: media('Audio'),
};
