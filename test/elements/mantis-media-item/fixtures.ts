// Shared set-up of the <mantis-media-item> tests: real media services against the reference server's media store,
// items placed in the page (above or below the fold), and the queries the tests make of them.
import { waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-media-item/mantis-media-item.js';
import type { MantisMediaItem } from '../../../elements/mantis-media-item/mantis-media-item.js';
import type { MediaErrorDetail } from '../../../elements/events.js';
import { type MediaOptions, type MediaService } from '../../../src/index.js';
import { createMediaService } from '../../../src/media/index.js';
import { MEDIA_BASE, release, unique } from '../../src/media/peer.js';

export { MEDIA_BASE, peerStats, release, serverSees, unique } from '../../src/media/peer.js';

const services: MediaService[] = [];
const placed: Element[] = [];
const undo: (() => void)[] = [];

/** A fresh service of the demo account (disposed after the test). */
export function media(options: Partial<MediaOptions> = {}): MediaService {
  const service = createMediaService({ baseUrl: MEDIA_BASE, token: () => 'demo-token', account: 'demo', ...options });
  services.push(service);
  return service;
}

/** A key of a small PNG that only this test requests, so the server's count of it is this test's alone. */
export const countedKey = (label = 'c') => `agent_files/test/count/${unique(label)}.png`;
/** A key whose response the server holds until it is released (or the client leaves). */
export const heldKey = (label = 'h') => `agent_files/test/held/${unique(label)}.png`;

/** Places something in the page for this test only. */
export function place<T extends Element>(node: T): T {
  document.body.append(node);
  placed.push(node);
  return node;
}

/** A block taller than the viewport: what is placed after it is below the fold. */
export function fold(): HTMLElement {
  const spacer = document.createElement('div');
  spacer.style.height = '300vh';
  return place(spacer);
}

/** Places an item (small, so several fit in the viewport) and waits for its first render. */
export async function item(service: MediaService | null, key: string, alt = 'A chart'): Promise<MantisMediaItem> {
  const el = document.createElement('mantis-media-item');
  el.media = service;
  el.key = key;
  el.alt = alt;
  el.style.width = '160px';
  place(el);
  await el.updateComplete;
  return el;
}

/** Removes what the test placed, disposes its services and releases held responses. */
export async function cleanup(): Promise<void> {
  for (const node of placed.splice(0)) node.remove();
  for (const step of undo.splice(0)) step();
  for (const service of services.splice(0)) service.dispose();
  window.scrollTo(0, 0);
  await release('*', 'agent_files/test/held/');
}

export const shadow = (el: Element) => el.shadowRoot as ShadowRoot;
export const partOf = (el: Element, name: string) => shadow(el).querySelector<HTMLElement>(`[part~="${name}"]`);
export const imageOf = (el: Element) => shadow(el).querySelector('img');
export const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Waits until the item shows its image, decoded. */
export async function loaded(el: MantisMediaItem, message = 'the image did not load'): Promise<HTMLImageElement> {
  await waitUntil(() => {
    const img = imageOf(el);
    return img !== null && img.complete && img.naturalWidth > 0;
  }, message, { timeout: 5000 });
  return imageOf(el) as HTMLImageElement;
}

/** Waits until the item shows a placeholder, and returns it. */
export async function placeholder(el: MantisMediaItem, reason: string): Promise<HTMLElement> {
  await waitUntil(() => partOf(el, 'placeholder')?.dataset.reason === reason, `no ${reason} placeholder`, { timeout: 8000 });
  return partOf(el, 'placeholder') as HTMLElement;
}

/** The `mantis-media-error` details that reach the document (they bubble and are composed), from now until cleanup. */
export function mediaErrors(): MediaErrorDetail[] {
  const seen: MediaErrorDetail[] = [];
  const listener = (event: DocumentEventMap['mantis-media-error']) => seen.push(event.detail);
  document.addEventListener('mantis-media-error', listener);
  undo.push(() => document.removeEventListener('mantis-media-error', listener));
  return seen;
}

/** Lets anything a render or an observer might start get under way (used only to show that nothing was). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Replaces a property (a global or a prototype's method) until cleanup; returns the original. */
export function replace<T extends object, K extends keyof T>(target: T, name: K, value: T[K]): T[K] {
  const original = target[name];
  target[name] = value;
  undo.push(() => {
    target[name] = original;
  });
  return original;
}

/** A fetch for a service that fails like a dropped connection while `failing` is set, and counts its calls. */
export function flakyFetch(): { fetch: typeof fetch; calls: number; failing: boolean } {
  const flaky = {
    calls: 0,
    failing: true,
    fetch: (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      flaky.calls += 1;
      return flaky.failing ? Promise.reject(new TypeError('Failed to fetch')) : window.fetch(input, init);
    },
  };
  return flaky;
}
