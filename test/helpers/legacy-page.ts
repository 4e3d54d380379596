/**
 * A page with no build step and no modules: an iframe whose only script is the IIFE, as a legacy page adds it, with
 * `body` as its markup. Resolves once it loaded; remove `frame` when done.
 */
export async function legacyPage(body: string): Promise<{ frame: HTMLIFrameElement; win: Window & typeof globalThis; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.title = 'legacy page';
  frame.srcdoc = `<!doctype html><html lang="en"><head><title>legacy</title><script src="/dist/mantis-ui.iife.js"></script></head><body>${body}</body></html>`;
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  return { frame, win, doc: win.document };
}
