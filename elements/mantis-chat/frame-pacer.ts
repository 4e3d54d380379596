import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** A frame at 60 Hz; commits closer together than this wait for the next frame. */
const FRAME_MS = 16;
/** A page in the background gets no animation frames: an update waits at most this long for one. */
const BACKGROUND_MS = 100;

/**
 * Paces a host's commits to the screen: when chunks arrive faster than the screen refreshes, the host commits at
 * most once per animation frame, and the updates asked for in between are folded into that one commit (Lit keeps one
 * pending update). A host that was idle commits at once. The final DOM is the same; only the number of commits drops.
 */
export class FramePacerController implements ReactiveController {
  #lastCommit = Number.NEGATIVE_INFINITY;
  /** Commits made, for tests and the bench. */
  commits = 0;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Resolves when the host may commit: at once after a quiet spell, else at the next animation frame. */
  ready(): Promise<void> | void {
    if (performance.now() - this.#lastCommit >= FRAME_MS) return;
    return new Promise<void>((resolve) => {
      const fallback = setTimeout(resolve, BACKGROUND_MS);
      requestAnimationFrame(() => {
        clearTimeout(fallback);
        resolve();
      });
    });
  }

  hostUpdated(): void {
    this.#lastCommit = performance.now();
    this.commits += 1;
  }
}
