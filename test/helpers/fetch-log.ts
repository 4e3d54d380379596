/**
 * Records the URL of every request the page makes through `window.fetch` (still made, with the real fetch) until
 * `restore()`; call it in a `finally`.
 */
export function recordFetch(): { readonly requested: string[]; restore(): void } {
  const requested: string[] = [];
  const realFetch = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    requested.push(input instanceof Request ? input.url : String(input));
    return realFetch.call(window, input, init);
  };
  return { requested, restore: () => void (window.fetch = realFetch) };
}
