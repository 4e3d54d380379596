/**
 * Records the URL of every request the page makes through `window.fetch` (still made, with the real fetch), and the
 * JSON body of every POST, until `restore()`; call it in a `finally`.
 */
export function recordFetch(): { readonly requested: string[]; readonly posted: Record<string, unknown>[]; restore(): void } {
  const requested: string[] = [];
  const posted: Record<string, unknown>[] = [];
  const realFetch = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    requested.push(input instanceof Request ? input.url : String(input));
    if (init?.method === 'POST' && typeof init.body === 'string') posted.push(JSON.parse(init.body) as Record<string, unknown>);
    return realFetch.call(window, input, init);
  };
  return { requested, posted, restore: () => void (window.fetch = realFetch) };
}
