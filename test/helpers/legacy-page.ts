/** What the script tag gives a page: `MantisUI`, whose `ready` resolves once its modules ran (every tag defined). */
export type LegacyWindow = Window & typeof globalThis & { MantisUI: { ready: Promise<unknown>; [name: string]: unknown } };

/**
 * A page with no build step and no module script of its own: an iframe whose only script is the script tag's loader,
 * as a legacy page adds it, with `body` as its markup and `head` (a `<base>`, say) before the loader's script. Resolves
 * once it loaded and `MantisUI.ready` resolved: the script tag imports its modules, which run after the page's load
 * event (what a page script that uses the elements waits on, as the README says); remove `frame` when done.
 */
export async function legacyPage(body: string, head = '', src = '/dist/mantis-ui.iife.js'): Promise<{ frame: HTMLIFrameElement; win: LegacyWindow; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.title = 'legacy page';
  frame.srcdoc = `<!doctype html><html lang="en"><head><title>legacy</title>${head}<script src="${src}"></script></head><body>${body}</body></html>`;
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as LegacyWindow;
  await win.MantisUI.ready;
  return { frame, win, doc: win.document };
}

/** Resolves after `count` animation frames of `win`: what a render scheduled (a lazy import, say) has started. */
export async function animationFrames(win: Window, count: number): Promise<void> {
  for (let frame = 0; frame < count; frame += 1) await new Promise((done) => win.requestAnimationFrame(done));
}
