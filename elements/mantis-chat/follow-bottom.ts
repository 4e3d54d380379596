import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the bottom, in pixels, still counts as at the bottom. */
const SLACK = 48;

/**
 * Keeps a scrolling transcript at its bottom while the reply streams, unless the user scrolled up. Views and
 * Markdown grow after the host's own update, so it also follows size changes of the content.
 *
 * The browser reports a scroll at the next frame, measured against the content of then: the chat's own scroll to
 * the bottom, reported after more of the reply arrived (a busy page commits between frames), would look like the
 * user leaving the bottom, and the chat would stop following for good. So the user left the bottom only when the
 * view moved up from where the chat last put it or saw it; the chat's own scrolls only ever move it down.
 */
export class FollowBottomController implements ReactiveController {
  readonly #scroller: () => HTMLElement | null;
  readonly #content: () => Element | null;
  #stick = true;
  /** Where the view was after the chat's last scroll, or at the last scroll reported. */
  #top = 0;
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
    if (!t) return;
    const top = t.scrollTop;
    if (t.scrollHeight - top - t.clientHeight < SLACK) this.#stick = true;
    else if (top < this.#top) this.#stick = false;
    this.#top = top;
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
    if (!this.#stick || !t) return;
    t.scrollTop = t.scrollHeight;
    this.#top = t.scrollTop;
  }
}
