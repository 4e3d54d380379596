/**
 * Watches for what an attack would do: script running (alert/confirm/prompt/print or our own `__pwned` flag),
 * requests to any origin, and navigation. Install before rendering untrusted input; `assertClean` after.
 */
import { expect } from '@open-wc/testing';

const DIALOGS = ['alert', 'confirm', 'prompt', 'print'] as const;

export interface SinkWatch {
  /** Throws when anything was observed. */
  assertClean(context: string): void;
  restore(): void;
}

/** `allow`: URLs the page was configured to request (a chat's endpoint), which are not an attack's. */
export function watchSinks(allow: readonly string[] = []): SinkWatch {
  const calls: string[] = [];
  const saved = DIALOGS.map((name) => [name, window[name]] as const);
  for (const name of DIALOGS) {
    (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls.push(`${name}(${args.map(String).join(',')})`);
      return null;
    };
  }
  const w = window as unknown as { __pwned?: unknown };
  delete w.__pwned;
  const resourcesBefore = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
  const href = location.href;
  return {
    assertClean(context: string) {
      const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => !resourcesBefore.has(entry.name) && !allow.includes(entry.name))
        // Only the test runner's own module and fetch loads are allowed; anything a rendered element asks for is not.
        .filter((entry) => !entry.name.startsWith(location.origin) || !['script', 'fetch', 'xmlhttprequest', 'other'].includes(entry.initiatorType))
        .map((entry) => `${entry.initiatorType} ${entry.name}`);
      expect(calls, `${context}: dialogs opened`).to.deep.equal([]);
      expect(w.__pwned, `${context}: injected script ran`).to.equal(undefined);
      expect(requests, `${context}: requests made`).to.deep.equal([]);
      expect(location.href, `${context}: navigated`).to.equal(href);
    },
    restore() {
      for (const [name, fn] of saved) (window as unknown as Record<string, unknown>)[name] = fn;
    },
  };
}

/** Every element and attribute under `root` (shadow roots included), for allowlist checks. */
export function* deepElements(root: ParentNode): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element.shadowRoot) yield* deepElements(element.shadowRoot);
  }
}

/**
 * The form controls the chat's own templates make where the user answers an agent's question (a tool approval, an
 * interrupt's form: elements/mantis-chat/answers-view.ts): a `form` with `data-question`, and its inputs. Any other
 * form or input is not ours.
 */
const ownControl = (element: Element): boolean =>
  (element.localName === 'form' && element.hasAttribute('data-question')) || (element.localName === 'input' && element.closest('form[data-question]') !== null);

/** Fails when any element under `root` carries an event-handler attribute or a script-capable URL. */
export function assertNoActiveContent(root: ParentNode, context: string): void {
  for (const element of deepElements(root)) {
    const tag = element.localName;
    if (!ownControl(element)) expect(['script', 'iframe', 'object', 'embed', 'img', 'style', 'link', 'meta', 'base', 'form', 'input', 'svg', 'math'], `${context}: <${tag}>`).not.to.include(tag);
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${context}: ${tag}[${attribute.name}]`).to.equal(false);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name)) {
        expect(attribute.value, `${context}: ${tag}[${attribute.name}]`).to.match(/^(https?:|mailto:)/i);
      }
    }
  }
}
