/*
 * Streaming in real Chromium: 15, 60 and 240 KB answers in 4-character chunks through the real <mantis-chat>, the
 * naive approach for comparison, and the hostile shapes of the test suite against a plain paragraph of their size.
 * Prints figures, asserts nothing. Run alone: `node --import tsx bench/streaming.ts`. MANTIS_BENCH_SIZES,
 * MANTIS_BENCH_NO_NAIVE=1 and MANTIS_BENCH_NO_HOSTILE=1 shorten a run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { chromiumPath } from '../scripts/chromium.mjs';

const SIZES = (process.env.MANTIS_BENCH_SIZES ?? '15000,60000,240000').split(',').map(Number);
const OUT = 'node_modules/.cache/mantis-bench';

interface StreamResult {
  bytes: number;
  chunks: number;
  totalMs: number;
  firstTenthMeanMs: number;
  lastTenthMeanMs: number;
  longestTaskMs: number;
}

/** Least-squares slope of log(total time) against log(size). */
function exponent(points: readonly { bytes: number; ms: number }[]): number {
  const xs = points.map((p) => Math.log(p.bytes));
  const ys = points.map((p) => Math.log(p.ms));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    num += (x - mx) * ((ys[i] as number) - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}

export async function printStreaming(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir: OUT,
      emptyOutDir: false,
      target: 'es2022',
      lib: { entry: 'bench/streaming/page.ts', formats: ['iife'], name: 'MantisBenchPage', fileName: () => 'page.js' },
    },
  });
  writeFileSync(`${OUT}/index.html`, '<!doctype html><html lang="en"><title>bench</title><body></body><script src="page.js"></script></html>');
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    // A long shape at 240 KB takes minutes in one evaluate call.
    protocolTimeout: 3_600_000,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--allow-file-access-from-files'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(`${OUT}/index.html`).href);
    await page.waitForFunction(() => 'mantisBench' in window);
    // Warm-up: the first stream in a fresh page pays for compilation.
    await page.evaluate(() => window.mantisBench.streamOurs(15_000));
    console.log('Streaming in Chromium, 4-character chunks, through <mantis-chat> (parse, validate, Markdown, sanitize, DOM commit):');
    const ours: StreamResult[] = [];
    for (const bytes of SIZES) {
      const result = (await page.evaluate((b) => window.mantisBench.streamOurs(b), bytes)) as StreamResult;
      ours.push(result);
      console.log(
        `  ${String(Math.round(result.bytes / 1000)).padStart(4)} KB: ${result.totalMs.toFixed(0).padStart(6)} ms total, ${result.chunks} chunks, ` +
          `per chunk ${(result.firstTenthMeanMs * 1000).toFixed(0)} µs in the first tenth, ${(result.lastTenthMeanMs * 1000).toFixed(0)} µs in the last ` +
          `(${(result.lastTenthMeanMs / result.firstTenthMeanMs).toFixed(2)}×; target ≤ 1.2×), longest task ${result.longestTaskMs.toFixed(0)} ms (target ≤ 50)`,
      );
    }
    console.log(`  fitted exponent of total time against size: ${exponent(ours.map((r) => ({ bytes: r.bytes, ms: r.totalMs }))).toFixed(2)} (target ≤ 1.05; naive ≈ 2)`);
    console.log('One growing block of each shape, 4-character chunks (targets: exponent ≤ 1.1, last tenth ≤ 1.3× the first):');
    const shapes = (await page.evaluate(() => window.mantisBench.shapes)) as string[];
    for (const shape of shapes) {
      const runs: StreamResult[] = [];
      for (const bytes of SIZES) runs.push((await page.evaluate((s, b) => window.mantisBench.streamShape(s, b), shape, bytes)) as StreamResult);
      const last = runs.at(-1) as StreamResult;
      const naive = process.env.MANTIS_BENCH_NO_NAIVE
        ? ''
        : `; naive ≈ ${(((await page.evaluate((b, s) => window.mantisBench.naiveEstimate(b, 40, s), last.bytes, shape)) as { totalMs: number }).totalMs / 1000).toFixed(1)} s at ${Math.round(last.bytes / 1000)} KB`;
      console.log(
        `  ${shape.padEnd(18)} totals ${runs.map((r) => `${Math.round(r.bytes / 1000)} KB ${r.totalMs.toFixed(0)} ms`).join(', ')}; ` +
          `per chunk at ${Math.round(last.bytes / 1000)} KB ${(last.firstTenthMeanMs * 1000).toFixed(0)} → ${(last.lastTenthMeanMs * 1000).toFixed(0)} µs ` +
          `(${(last.lastTenthMeanMs / last.firstTenthMeanMs).toFixed(2)}×); exponent ${exponent(runs.map((r) => ({ bytes: r.bytes, ms: r.totalMs }))).toFixed(2)}; ` +
          `longest task ${Math.max(...runs.map((r) => r.longestTaskMs)).toFixed(0)} ms${naive}`,
      );
    }
    console.log('Long threads (issue targets: per chunk ≤ 1.2× and first paint ≤ 1.5× the 10-message figures):');
    const perChunk: Record<number, number> = {};
    const paint: Record<number, number> = {};
    for (const count of [10, 1000]) {
      perChunk[count] = ((await page.evaluate((n) => window.mantisBench.streamIntoThread(n), count)) as { meanUs: number }).meanUs;
      paint[count] = ((await page.evaluate((n) => window.mantisBench.historyFirstPaint(n), count)) as { ms: number }).ms;
    }
    const [small, large] = [10, 1000] as const;
    console.log(
      `  per chunk streaming a 15 KB answer: ${(perChunk[small] as number).toFixed(0)} µs at ${small} messages, ${(perChunk[large] as number).toFixed(0)} µs at ${large} ` +
        `(${((perChunk[large] as number) / (perChunk[small] as number)).toFixed(2)}×)`,
    );
    console.log(
      `  first paint of a history: ${(paint[small] as number).toFixed(1)} ms for ${small} messages, ${(paint[large] as number).toFixed(1)} ms for ${large} ` +
        `(${((paint[large] as number) / (paint[small] as number)).toFixed(2)}×; the newest messages paint first, the rest follow while idle)`,
    );
    if (!process.env.MANTIS_BENCH_NO_HOSTILE) {
      console.log('Hostile shapes (test/helpers/hostile.ts) at the sizes the test streams them, 4 KiB chunks, against a plain paragraph of the same size (medians of 3 runs):');
      const hostile = (await page.evaluate(() => window.mantisBench.streamHostile())) as { name: string; chars: number; hostileMs: number; plainMs: number }[];
      for (const result of hostile) {
        const ratio = result.hostileMs / result.plainMs;
        console.log(
          `  ${result.name.padEnd(22)} ${String(Math.round(result.chars / 1000)).padStart(4)} KB: ${result.hostileMs.toFixed(0).padStart(6)} ms, ` +
            `plain ${result.plainMs.toFixed(0).padStart(5)} ms, ${ratio.toFixed(1)}× (target ≤ 10×)${ratio > 10 ? ' ← over' : ''}`,
        );
      }
    }
    if (process.env.MANTIS_BENCH_NO_NAIVE) return;
    console.log('Naive (marked.parse + DOMPurify.sanitize of the whole text per chunk), integrated from 40 sampled chunks:');
    for (const [i, bytes] of SIZES.entries()) {
      const naive = (await page.evaluate((b) => window.mantisBench.naiveEstimate(b, 40), bytes)) as { totalMs: number };
      const ratio = naive.totalMs / (ours[i] as StreamResult).totalMs;
      console.log(`  ${String(Math.round(bytes / 1000)).padStart(4)} KB: ≈ ${(naive.totalMs / 1000).toFixed(1)} s; ours is ${ratio.toFixed(0)}× faster${bytes === 240_000 ? ' (target ≥ 200×)' : ''}`);
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printStreaming();
