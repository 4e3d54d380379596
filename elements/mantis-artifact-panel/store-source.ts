import type { ArtifactStore } from '../../src/index.js';

const isFunction = (value: unknown): boolean => typeof value === 'function';

/** Whether a value is an artifact store (duck-typed: it may come from another copy of the bundle). */
export function isArtifactStore(value: unknown): value is ArtifactStore {
  const s = value as Partial<Record<keyof ArtifactStore, unknown>> | null;
  return (
    typeof s === 'object' && s !== null && Array.isArray(s.tabs) &&
    (['open', 'activate', 'close', 'closeAll', 'get', 'subscribe'] as const).every((name) => isFunction(s[name]))
  );
}

/**
 * The artifact store of the chat with this id in the panel's root node (document or shadow root), read duck-typed
 * as `chat.session.artifacts`; null when there is none yet. An element named but not upgraded yet calls `retry`
 * once it is defined.
 */
export function artifactsOfChat(panel: Element, id: string | undefined, retry: () => void): ArtifactStore | null {
  const root = panel.getRootNode() as Partial<Pick<Document, 'getElementById'>>;
  if (!id || typeof root.getElementById !== 'function') return null;
  const target = root.getElementById(id);
  const artifacts = (target as { session?: { artifacts?: unknown } } | null)?.session?.artifacts;
  if (isArtifactStore(artifacts)) return artifacts;
  if (target?.localName.includes('-') && !customElements.get(target.localName)) {
    void customElements.whenDefined(target.localName).then(retry);
  }
  return null;
}

/** The focused element, looking into open shadow roots. */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
