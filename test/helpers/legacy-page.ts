/**
 * A page with no build step and no modules: an iframe whose only script is the IIFE, as a legacy page adds it, with
 * `body` as its markup and `head` (a `<base>`, say) before the IIFE's script. Resolves once it loaded; remove `frame`
 * when done.
 */
export async function legacyPage(body: string, head = ''): Promise<{ frame: HTMLIFrameElement; win: Window & typeof globalThis; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.title = 'legacy page';
  frame.srcdoc = `<!doctype html><html lang="en"><head><title>legacy</title>${head}<script src="/dist/mantis-ui.iife.js"></script></head><body>${body}</body></html>`;
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  return { frame, win, doc: win.document };
}

/** Resolves after `count` animation frames of `win`: what a render scheduled (a lazy import, say) has started. */
export async function animationFrames(win: Window, count: number): Promise<void> {
  for (let frame = 0; frame < count; frame += 1) await new Promise((done) => win.requestAnimationFrame(done));
}
