// @ts-check
// npm run screenshot: starts the demo (demo/server/main.ts --demo, serving the current dist/), plays each scene in a
// fresh browser context of the system Chromium, checks that the scene reached what it shows, and saves it as
// <OUT_DIR>/<scene>.png (default docs/screenshots/, the README's pictures). A scene that does not reach its state
// fails the run with a message naming the scene and what was missing.
//   OUT_DIR=<dir>        where the pictures go (scripts/check-screenshots.mjs uses a temporary folder)
//   SCENES=a,b           only these scenes
//   PORT=<n>             the demo server's port (default: a free one)
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from './chromium.mjs';

const WIDTH = 1200;
const TIMEOUT = 20_000;
const outDir = process.env.OUT_DIR ?? 'docs/screenshots';

/** @typedef {import('puppeteer-core').Page} Page */
/** @typedef {{ name: string, height: number, play: (page: Page) => Promise<void>, shot: (page: Page, path: string) => Promise<void> }} Scene */
class SceneError extends Error {}

/**
 * Waits for a selector (`>>>` pierces shadow roots), or fails the scene saying what did not appear. It asks again
 * every 100 ms: puppeteer's own wait watches the document's mutations, which do not see inside shadow roots.
 */
async function expectPart(page, selector, what) {
  const end = Date.now() + TIMEOUT;
  for (;;) {
    const found = await page.$(selector);
    if (found) return found;
    if (Date.now() > end) throw new SceneError(`${what} did not appear within ${TIMEOUT / 1000} s (${selector})`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Waits for a condition evaluated in the page, or fails the scene with `what`. */
async function expectState(page, what, fn, ...args) {
  try {
    await page.waitForFunction(fn, { timeout: TIMEOUT }, ...args);
  } catch {
    throw new SceneError(`${what} within ${TIMEOUT / 1000} s`);
  }
}

/** Clicks the tour button whose text is `label`. */
async function tour(page, label) {
  const clicked = await page.evaluate((text) => {
    const button = [...document.querySelectorAll('.tour button')].find((b) => b.textContent?.trim() === text);
    /** @type {HTMLButtonElement | undefined} */ (button)?.click();
    return Boolean(button);
  }, label);
  if (!clicked) throw new SceneError(`the tour has no button "${label}"`);
}

/** Waits until no reply streams: the chat's stop button is hidden again. */
async function replyDone(page) {
  await expectState(page, 'the reply did not finish', () => {
    const stop = document.querySelector('mantis-chat')?.shadowRoot?.querySelector('[part="stop-button"]');
    return stop instanceof HTMLElement && stop.hidden;
  });
}

/** Lets the last paints (an image decoded, a chart's animation) settle before the picture. */
const settle = (page, ms = 600) => page.evaluate((wait) => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(undefined)), wait)), ms);

/** The chat, grown to show its whole transcript, so that a picture of it shows a long reply at once. */
async function growChat(page) {
  // Growing can reflow the transcript (a wider panel, a lazy image): measure again until it fits.
  for (let i = 0; i < 4; i++) {
    const fits = await page.evaluate(() => {
      const chat = /** @type {HTMLElement} */ (document.querySelector('mantis-chat'));
      const transcript = chat.shadowRoot?.querySelector('[part="transcript"]');
      const extra = (transcript?.scrollHeight ?? 0) - (transcript?.clientHeight ?? 0);
      if (extra <= 1) return true;
      chat.style.setProperty('--mantis-chat-height', `${chat.getBoundingClientRect().height + extra + 8}px`);
      return false;
    });
    if (fits) return;
    await settle(page, 100);
  }
}

/** Scrolls the chat's transcript so that this element (inside the chat) is at its top. */
async function scrollTranscriptTo(page, selector) {
  const element = await expectPart(page, `mantis-chat >>> ${selector}`, `the element to scroll to (${selector})`);
  await element.evaluate((target) => {
    const transcript = document.querySelector('mantis-chat')?.shadowRoot?.querySelector('[part="transcript"]');
    if (transcript) transcript.scrollTop += target.getBoundingClientRect().top - transcript.getBoundingClientRect().top - 8;
  });
}

/** A picture of the union of these elements (page coordinates), with a margin. */
async function shotOf(page, path, selectors, margin = 14) {
  const box = await page.evaluate(
    (list, pad) => {
      const rects = list.map((s) => document.querySelector(s)?.getBoundingClientRect()).filter((r) => r !== undefined);
      const top = Math.min(...rects.map((r) => r.top)) + scrollY - pad;
      const left = Math.min(...rects.map((r) => r.left)) - pad;
      const bottom = Math.max(...rects.map((r) => r.bottom)) + scrollY + pad;
      const right = Math.max(...rects.map((r) => r.right)) + pad;
      return { x: Math.max(0, left), y: Math.max(0, top), width: Math.min(innerWidth, right) - Math.max(0, left), height: bottom - Math.max(0, top) };
    },
    selectors,
    margin,
  );
  await page.screenshot({ path, clip: box, captureBeyondViewport: true });
}
const viewport = (page, path) => page.screenshot({ path });

/** The summary reply with a view, its add-to-bag action asking for confirmation. */
async function conversation(page) {
  await tour(page, 'A reply with a view');
  await expectPart(page, 'mantis-chat >>> mantis-ui-view >>> [part~="entity-card"]', 'the view of the reply');
  await replyDone(page);
  const action = await expectPart(page, 'mantis-chat >>> mantis-ui-view >>> [data-action="keep"]', 'the add-to-bag action');
  await action.click();
  await expectPart(page, 'mantis-chat >>> mantis-ui-view >>> [part~="action-confirm"]', 'the confirmation of the add-to-bag action');
}

/** @type {Scene[]} */
const SCENES = [
  { name: 'conversation-light', height: 940, play: conversation, shot: viewport },
  {
    name: 'conversation-dark',
    height: 940,
    async play(page) {
      await page.select('#theme', 'dark');
      await expectState(page, 'the chat did not turn dark', () => {
        const chat = document.querySelector('mantis-chat');
        return chat?.getAttribute('theme') === 'dark' && chat && getComputedStyle(chat).colorScheme === 'dark';
      });
      await conversation(page);
    },
    shot: viewport,
  },
  {
    name: 'every-component',
    height: 900,
    async play(page) {
      await tour(page, 'Every component');
      await replyDone(page);
      const parts = ['stack', 'grid', 'heading', 'callout', 'metric-group', 'entity-card', 'citation-list', 'data-table', 'task-card', 'media-gallery', 'artifact', 'action-row'];
      for (const part of parts) await expectPart(page, `mantis-chat >>> mantis-ui-view >>> [part~="${part}"]`, `the ${part} component`);
      await expectState(page, 'the gallery’s three images were not shown', () => {
        const view = document.querySelector('mantis-chat')?.shadowRoot?.querySelector('mantis-ui-view');
        const items = [...(view?.shadowRoot?.querySelectorAll('mantis-media-item') ?? [])];
        return items.length === 3 && items.every((item) => item.shadowRoot?.querySelector('[part="image"]') instanceof HTMLImageElement);
      });
      await growChat(page);
    },
    shot: (page, path) => shotOf(page, path, ['mantis-chat']),
  },
  {
    name: 'chart-and-map',
    height: 1300,
    async play(page) {
      await tour(page, 'A chart and the map');
      await expectPart(page, 'mantis-chat >>> agent-envelope >>> [part="chart"] svg', 'the chart (an SVG)');
      await expectPart(page, 'mantis-chat >>> demo-scada-panel', 'the SCADA panel in the side panel');
      await expectPart(page, 'mantis-chat >>> agent-envelope >>> [part="map-status"]', 'the map action’s status line');
      await expectState(page, 'the map did not show the five junctions', () => {
        const map = /** @type {any} */ (window).demoMap;
        return map?.getLayer('mantis-junctions') && map.querySourceFeatures('mantis-junctions').length >= 5 && map.loaded();
      });
      await replyDone(page);
      await scrollTranscriptTo(page, 'agent-envelope');
      await settle(page, 1200);
    },
    shot: (page, path) => shotOf(page, path, ['mantis-chat', '#map']),
  },
  {
    name: 'a2ui-form',
    height: 900,
    async play(page) {
      await tour(page, 'An A2UI form');
      const surface = 'mantis-chat >>> mantis-a2ui-surface';
      const input = await expectPart(page, `${surface} >>> [part~="field"] input`, 'the booking form’s name field');
      await input.type('Ada Lovelace');
      const seats = await expectPart(page, `${surface} >>> [part~="choice-picker"] label:nth-of-type(2) input`, 'the seats picker');
      await seats.click();
      const book = await expectPart(page, `${surface} >>> [part~="button"]`, 'the Book button');
      await book.click();
      await expectState(page, 'the agent’s reply did not update the form to “Booked: Ada Lovelace”', () => {
        const host = document.querySelector('mantis-chat')?.shadowRoot?.querySelector('mantis-a2ui-surface');
        return host?.shadowRoot?.textContent?.includes('Booked: Ada Lovelace') === true;
      });
      await replyDone(page);
      await growChat(page);
    },
    shot: (page, path) => shotOf(page, path, ['mantis-chat']),
  },
  {
    name: 'media-and-artifact',
    height: 940,
    async play(page) {
      await tour(page, 'Attach a file');
      await expectPart(page, 'mantis-chat >>> [part~="attachment-uploaded"]', 'the attached file, uploaded');
      const input = await expectPart(page, 'mantis-chat >>> [part="input"]', 'the message box');
      await input.type('Show me the photos of junction J-101.');
      await (await expectPart(page, 'mantis-chat >>> [part="send-button"]', 'the send button')).click();
      await expectPart(page, 'mantis-chat >>> [part~="attachment"]', 'the agent’s confirmation of the file');
      await expectPart(page, 'mantis-chat >>> mantis-ui-view >>> mantis-media-item >>> [part="image"]', 'an image from the media store');
      await replyDone(page);
      await (await expectPart(page, 'mantis-chat >>> mantis-ui-view >>> [part~="artifact-open"]', 'the artifact’s open button')).click();
      await expectPart(page, 'mantis-chat >>> mantis-artifact-panel >>> [part="content"] table', 'the artifact as a table in the panel');
      await growChat(page);
    },
    shot: (page, path) => shotOf(page, path, ['mantis-chat']),
  },
  {
    name: 'reasoning-and-tools',
    height: 940,
    async play(page) {
      await tour(page, 'Reasoning and tools');
      await expectPart(page, 'mantis-chat >>> [part~="reasoning"]', 'the reasoning');
      await expectPart(page, 'mantis-chat >>> [part~="tool-output-available"]', 'the completed tool call');
      await expectPart(page, 'mantis-chat >>> [part~="todo"]', 'the todo list');
      await expectPart(page, 'mantis-chat >>> mantis-ui-view >>> [part~="entity-card"]', 'the view of the answer');
      await replyDone(page);
      // Reasoning shows collapsed: open it, as a reader would.
      await (await expectPart(page, 'mantis-chat >>> [part~="reasoning"] > summary', 'the reasoning’s summary')).click();
      await growChat(page);
    },
    shot: (page, path) => shotOf(page, path, ['mantis-chat']),
  },
];

/** The demo server on a free port (or PORT); resolves with its origin once it listens. */
function startDemo() {
  const args = ['--import', 'tsx', 'demo/server/main.ts', '--demo', '--port', process.env.PORT ?? '0'];
  const server = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const origin = new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += String(chunk);
      const found = /Demo: (http:\/\/\S+?)\/?\s/.exec(out);
      if (found) resolve(found[1]);
    });
    server.once('exit', (code) => reject(new Error(`the demo server exited (${code}) before it listened`)));
  });
  return { server, origin };
}

const wanted = process.env.SCENES?.split(',').map((s) => s.trim()).filter(Boolean);
const scenes = wanted ? SCENES.filter((scene) => wanted.includes(scene.name)) : SCENES;
if (wanted && scenes.length !== wanted.length) {
  console.error(`screenshot: unknown scene in SCENES (known: ${SCENES.map((s) => s.name).join(', ')})`);
  process.exit(2);
}
const executablePath = chromiumPath();
if (!executablePath) {
  console.error('screenshot: no Chromium found (install it, or set CHROME_PATH)');
  process.exit(2);
}

mkdirSync(outDir, { recursive: true });
const { server, origin } = startDemo();
const browser = await puppeteer.launch({
  executablePath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader'],
});
let failed = 0;
try {
  const base = await origin;
  for (const scene of scenes) {
    // A fresh context per scene: no conversation or theme remembered from the one before (history-key, layout-key).
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    try {
      await page.setViewport({ width: WIDTH, height: scene.height, deviceScaleFactor: 1 });
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }, { name: 'prefers-reduced-motion', value: 'reduce' }]);
      // delay=1: the agent streams fast, so that a scene does not wait for a model's pace.
      await page.goto(`${base}/?delay=1`, { waitUntil: 'load' });
      await expectState(page, 'the chat did not connect', () => {
        const line = document.querySelector('mantis-chat')?.shadowRoot?.querySelector('[part="status"] [role="status"]');
        return line?.textContent?.trim() === 'Connected';
      });
      await scene.play(page);
      await settle(page);
      const path = join(outDir, `${scene.name}.png`);
      await scene.shot(page, path);
      console.log(`screenshot: ${path}`);
    } catch (error) {
      failed += 1;
      const reason = error instanceof SceneError ? error.message : error instanceof Error ? error.stack : String(error);
      console.error(`screenshot: scene "${scene.name}" failed: ${reason}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.kill();
}
if (failed > 0) {
  console.error(`screenshot: ${failed} of ${scenes.length} scenes failed`);
  process.exit(1);
}
