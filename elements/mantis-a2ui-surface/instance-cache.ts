import { renderMarkdown } from '../internal/markdown-render.js';

/*
 * What the element keeps per rendered instance across renders (render-walk.ts A2uiSurfaceHost): local state (a Tabs'
 * selection, a field's touched flag), rendered Markdown (one node per Text while its text is unchanged, so Lit keeps
 * it), DOM ids, and the object URLs of stored images. Starting over (a new message array) drops it all but the ids.
 */

type MediaEntry = { status: 'loading' } | { status: 'shown'; url: string } | { status: 'failed' };

export class InstanceCache {
  #local = new Map<string, object>();
  #markdown = new Map<string, { text: string; inline: boolean; node: HTMLElement }>();
  #media = new Map<string, MediaEntry>();
  readonly #ids = new Map<string, string>();

  constructor(private readonly changed: () => void) {}

  reset(): void {
    this.#local = new Map();
    this.#markdown = new Map();
    this.resetMedia();
  }

  /** Drops the local state and Markdown of the instances whose keys start with `prefix` (one surface's). */
  forget(prefix: string): void {
    for (const map of [this.#local, this.#markdown]) for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
  }

  resetMedia(): void {
    this.#media = new Map();
  }

  local<T extends object>(key: string, initial: () => T): T {
    let value = this.#local.get(key) as T | undefined;
    if (!value) this.#local.set(key, (value = initial()));
    return value;
  }

  /** A Text's restricted Markdown in a `display: contents` box; `inline` takes a lone paragraph's content only. */
  markdown(key: string, text: string, inline: boolean): HTMLElement {
    const cached = this.#markdown.get(key);
    if (cached && cached.text === text && cached.inline === inline) return cached.node;
    const node = document.createElement('div');
    node.className = 'md';
    const fragment = renderMarkdown(text, 'restricted');
    const nodes = [...fragment.childNodes].filter((n) => n.nodeType !== Node.TEXT_NODE || (n.textContent ?? '').trim() !== '');
    const only = nodes.length === 1 ? nodes[0] : null;
    if (inline && only instanceof HTMLParagraphElement) node.append(...only.childNodes);
    else node.append(fragment);
    this.#markdown.set(key, { text, inline, node });
    return node;
  }

  /**
   * The object URL of a stored image (or, `playable`, of a video or audio file), asked of `resolver` once per key and
   * kind (null until it answers, and when it fails). Only a `blob:` URL is shown: anything else could be a request to
   * anywhere.
   */
  media(key: string, resolver: ((key: string) => Promise<string>) | null, playable = false): string | null {
    if (!resolver) return null;
    const id = playable ? `playable\u0000${key}` : key;
    const entry = this.#media.get(id);
    if (entry) return entry.status === 'shown' ? entry.url : null;
    const media = this.#media;
    media.set(id, { status: 'loading' });
    resolver(key).then(
      (url) => {
        if (this.#media !== media) return;
        media.set(id, typeof url === 'string' && url.startsWith('blob:') ? { status: 'shown', url } : { status: 'failed' });
        this.changed();
      },
      () => {
        if (this.#media !== media) return;
        media.set(id, { status: 'failed' });
        this.changed();
      },
    );
    return null;
  }

  /**
   * Whether the media of a key (and kind) failed: its resolver refused it, or (`failed`, which records it and redraws)
   * the browser could not use what it gave.
   */
  mediaFailed(key: string, playable = false, failed = false): boolean {
    const id = playable ? `playable\u0000${key}` : key;
    const known = this.#media.get(id)?.status === 'failed';
    if (failed && !known) {
      this.#media.set(id, { status: 'failed' });
      this.changed();
    }
    return known || failed;
  }

  /** A DOM id unique within the element's shadow root, the same for the same key on every render. */
  domId(key: string): string {
    let id = this.#ids.get(key);
    if (!id) this.#ids.set(key, (id = `a2ui-${this.#ids.size + 1}`));
    return id;
  }
}
