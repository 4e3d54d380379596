/*
 * validateView on a maximal valid view (exactly LIMITS.viewBytes bytes and LIMITS.nodesPerView nodes), timed
 * against JSON.parse of the same text. Prints figures, asserts nothing. Run alone:
 * `node --import tsx bench/validate-view.ts`.
 */
import { pathToFileURL } from 'node:url';
import { LIMITS, utf8Length, validateView } from '../src/index.js';
import { buildMaximalView, countNodes } from './maximal-view.js';

export interface Timing {
  readonly name: string;
  readonly meanMicros: number;
  readonly medianMicros: number;
  readonly p95Micros: number;
}

/**
 * Times one call of each function per round, interleaved so that background load hits them alike, after a warm-up,
 * with a nanosecond clock.
 */
export function timeInterleaved(runs: Readonly<Record<string, () => unknown>>, iterations: number, warmup = Math.ceil(iterations / 5)): Timing[] {
  const entries = Object.entries(runs);
  const samples = entries.map(() => new Float64Array(iterations));
  let sink = 0;
  for (let i = 0; i < warmup; i++) for (const [, run] of entries) if (run()) sink += 1;
  for (let i = 0; i < iterations; i++) {
    entries.forEach(([, run], j) => {
      const start = process.hrtime.bigint();
      if (run()) sink += 1;
      (samples[j] as Float64Array)[i] = Number(process.hrtime.bigint() - start) / 1000;
    });
  }
  if (sink < 0) console.log(sink); // keeps the results observable
  return entries.map(([name], j) => {
    const sorted = (samples[j] as Float64Array).sort();
    const at = (q: number): number => sorted[Math.min(iterations - 1, Math.floor(q * iterations))] as number;
    return { name, meanMicros: sorted.reduce((sum, value) => sum + value, 0) / iterations, medianMicros: at(0.5), p95Micros: at(0.95) };
  });
}

export function benchValidateView(iterations = 5000): Timing[] {
  const { json, view } = buildMaximalView();
  const check = validateView(json);
  console.log(
    `Maximal view: ${utf8Length(json)} UTF-8 bytes (limit ${LIMITS.viewBytes}), ${countNodes(view.root as never)} nodes ` +
      `(limit ${LIMITS.nodesPerView}), valid: ${check.ok}, issues: ${check.issues.length}; ${iterations} timed calls each`,
  );
  const parsed: unknown = JSON.parse(json);
  return timeInterleaved(
    {
      'JSON.parse(text)': () => JSON.parse(json),
      'validateView(text)': () => validateView(json).ok,
      'validateView(parsed value)': () => validateView(parsed).ok,
    },
    iterations,
  );
}

export function printValidateView(iterations?: number): void {
  const timings = benchValidateView(iterations);
  const base = timings[0] as Timing;
  console.table(
    timings.map((t) => ({
      call: t.name,
      'mean µs': Number(t.meanMicros.toFixed(1)),
      'median µs': Number(t.medianMicros.toFixed(1)),
      'p95 µs': Number(t.p95Micros.toFixed(1)),
      'mean ÷ JSON.parse': Number((t.meanMicros / base.meanMicros).toFixed(1)),
      'median ÷ JSON.parse': Number((t.medianMicros / base.medianMicros).toFixed(1)),
    })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printValidateView();
