// @ts-check
// npm run screenshot: starts the demo, sends one message, and saves docs/demo.png (the README's picture).
import { spawn } from 'node:child_process';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from './chromium.mjs';

const port = process.env.PORT ?? '8791';
const server = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts', '--demo', '--port', port], { stdio: 'inherit' });
await new Promise((done) => setTimeout(done, 1500));
const browser = await puppeteer.launch({
  executablePath: chromiumPath(),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 900, height: 1100, deviceScaleFactor: 1 });
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: process.env.SCHEME ?? 'light' }]);
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('mantis-chat')?.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent === 'Connected');
  await page.evaluate(() => /** @type {any} */ (document.querySelector('mantis-chat')).send('Which cluster is the most representative?'));
  await page.waitForFunction(
    () => document.querySelector('mantis-chat')?.shadowRoot?.querySelectorAll('[part~="message-assistant"] [part="text"]').length === 2,
    { timeout: 15000 },
  );
  await new Promise((done) => setTimeout(done, 300));
  await page.screenshot({ path: process.env.OUT ?? 'docs/demo.png' });
} finally {
  await browser.close();
  server.kill();
}
