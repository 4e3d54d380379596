import { addressing, resolveBase } from '../../src/media/config.js';
import type { MediaError, MediaEvent, MediaOptions, MediaService, MediaStats, MediaTokenProvider } from '../../src/media/types.js';
import { notifyAll } from '../../src/protocols/composer/transport.js';
import { loadMediaEngine } from './lazy.js';

const ABORTED = { ok: false, reason: 'aborted' } as const;
const IDLE: MediaStats = { requests: 0, inFlight: 0, created: 0, revoked: 0, cached: 0, cachedBytes: 0, pinned: 0 };

/**
 * A chat's media service whose engine (fetching, the page-wide limiter, the object-URL cache: `createMediaService`)
 * is its own file, loaded the first time something is previewed or downloaded. Until then it answers what needs no
 * request itself (`configured`, `urlOf`, `account`), remembers pins, and keeps the account and token it will be
 * created with; afterwards every call goes to the engine, whose events reach this service's listeners. A file that
 * failed to load answers `network` (Retry asks for it again). `loadEngine` is for tests.
 */
export function createLazyMediaService(options: MediaOptions, loadEngine: typeof loadMediaEngine = loadMediaEngine): MediaService {
  let token: MediaTokenProvider | undefined = options.token;
  let account = options.account;
  let disposed = false;
  let engine: MediaService | null = null;
  let loading: Promise<MediaService | null> | null = null;
  const listeners = new Set<(event: MediaEvent) => void>();
  /** Pins asked for before the engine loaded: applied to it when it does (their release then goes to it). */
  const pending = new Map<object, { key: string; release: (() => void) | null }>();
  const { configured, urlOf } = addressing(resolveBase(options.baseUrl, options.relativeTo), () => token);
  const emit = (event: MediaEvent): void => notifyAll(listeners, event);
  /** What the engine would answer without a request, answered without loading it. */
  const refuse = (key: string): MediaError | null =>
    disposed ? ABORTED : !configured() ? { ok: false, reason: 'unconfigured' } : urlOf(key) === null ? { ok: false, reason: 'invalid-key' } : null;

  /** The engine, created with the account and token of now; null once disposed. Rejects when its file did not load. */
  function load(): Promise<MediaService | null> {
    loading ??= loadEngine().then(({ createMediaService }) => {
      if (disposed) return null;
      // The token and account of now: ones the host cleared since must not come back from the options.
      const { token: _token, account: _account, ...rest } = options;
      engine = createMediaService({ ...rest, ...(token ? { token } : {}), ...(account !== undefined ? { account } : {}) });
      engine.subscribe(emit);
      for (const pin of pending.values()) pin.release = engine.hold(pin.key);
      return engine;
    });
    // A file that did not load is asked for again next time (a Retry).
    loading.catch(() => (loading = null));
    return loading;
  }

  return {
    get account() {
      return account;
    },
    get configured() {
      return configured();
    },
    urlOf,
    async preview(key, opts) {
      const refused = refuse(key);
      if (refused) return refused;
      const ready = await load().catch(() => null);
      return ready ? ready.preview(key, opts) : disposed ? ABORTED : { ok: false, reason: 'network' };
    },
    async download(key, opts) {
      const refused = refuse(key);
      if (refused) return refused;
      const ready = await load().catch(() => null);
      return ready ? ready.download(key, opts) : disposed ? ABORTED : { ok: false, reason: 'network' };
    },
    hold(key) {
      if (engine) return engine.hold(key);
      const pin = { key, release: null as (() => void) | null };
      const id = {};
      pending.set(id, pin);
      return () => {
        pending.delete(id);
        pin.release?.();
      };
    },
    setAccount(next) {
      if (disposed || next === account) return;
      account = next;
      if (engine) engine.setAccount(next);
      else emit({ type: 'reset' });
    },
    setToken(next) {
      const before = configured();
      token = next;
      if (engine) engine.setToken(next);
      else if (!disposed && configured() !== before) emit({ type: 'reset' });
    },
    subscribe(listener) {
      if (disposed) return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      if (engine) engine.dispose();
      else emit({ type: 'reset' });
      listeners.clear();
      pending.clear();
    },
    get stats() {
      return engine?.stats ?? IDLE;
    },
  };
}
