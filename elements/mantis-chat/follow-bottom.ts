import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the bottom, in pixels, still counts as at the bottom. */
const SLACK = 48;

/**
 * Keeps a scrolling transcript at its bottom while the reply streams, unless the user scrolled up. Views and
 * Markdown grow after the host's own update, so it also follows size changes of the content.
 */
export class FollowBottom implements ReactiveController {
  readonly #scroller: () => HTMLElement | null;
  readonly #content: () => Element | null;
  #stick = true;
  #resize: ResizeObserver | undefined;

  constructor(host: ReactiveControllerHost, scroller: () => HTMLElement | null, content: () => Element | null) {
    this.#scroller = scroller;
    this.#content = content;
    host.addController(this);
  }

  /** Follow the bottom again (a message was sent, a history was set). */
  stick(): void {
    this.#stick = true;
  }

  /** The scroller's scroll listener. */
  readonly onScroll = (): void => {
    const t = this.#scroller();
    if (t) this.#stick = t.scrollHeight - t.scrollTop - t.clientHeight < SLACK;
  };

  hostConnected(): void {
    const content = this.#content();
    if (this.#resize && content) this.#resize.observe(content);
  }

  hostDisconnected(): void {
    this.#resize?.disconnect();
  }

  hostUpdated(): void {
    // Content that grows is followed by the observer, after layout and once per frame: following here as well would
    // force a second, synchronous layout of the whole transcript on every commit (a growing table made that the
    // largest cost of streaming).
    if (this.#resize) return;
    this.#resize = new ResizeObserver(() => this.#follow());
    const content = this.#content();
    if (content) this.#resize.observe(content);
  }

  /** Scrolls to the bottom now, if following. */
  follow(): void {
    this.#follow();
  }

  #follow(): void {
    const t = this.#scroller();
    if (this.#stick && t) t.scrollTop = t.scrollHeight;
  }
}
