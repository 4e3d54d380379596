// Shared set-up of the <mantis-a2ui-surface> tests: message builders, the specification's examples (when
// ../shared/ is beside the project), placing a surface, and the queries the tests make of its shadow tree.
import { fixture, html } from '@open-wc/testing';
import '../../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import type { A2uiActionDetail, A2uiErrorDetail, MantisA2uiSurface } from '../../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import { BASIC_CATALOG_ID } from '../../../src/protocols/a2ui/types.js';

export type Message = Record<string, unknown>;

export const create = (surfaceId: string, extra: Record<string, unknown> = {}): Message => ({
  version: 'v0.9',
  createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, ...extra },
});
export const components = (surfaceId: string, list: readonly Record<string, unknown>[]): Message => ({
  version: 'v0.9',
  updateComponents: { surfaceId, components: list },
});
export const data = (surfaceId: string, value: unknown, path?: string): Message => ({
  version: 'v0.9',
  updateDataModel: { surfaceId, ...(path === undefined ? {} : { path }), value },
});

/** One surface `s` with these components (and data model, when given). */
export const surfaceOf = (list: readonly Record<string, unknown>[], model?: unknown, extra: Record<string, unknown> = {}): Message[] => [
  create('s', extra),
  components('s', list),
  ...(model === undefined ? [] : [data('s', model)]),
];

/** A placed surface, rendered. */
export async function render(messages: readonly unknown[], theme?: 'light' | 'dark'): Promise<MantisA2uiSurface> {
  const el = await fixture<MantisA2uiSurface>(html`<mantis-a2ui-surface theme=${theme ?? 'light'} .messages=${messages}></mantis-a2ui-surface>`);
  await el.updateComplete;
  return el;
}

export const root = (el: Element): ShadowRoot => el.shadowRoot as ShadowRoot;
export const $ = <T extends Element = HTMLElement>(el: Element, selector: string): T | null => root(el).querySelector<T>(selector);
export const $$ = <T extends Element = HTMLElement>(el: Element, selector: string): T[] => [...root(el).querySelectorAll<T>(selector)];
export const textOf = (el: Element): string => (root(el).textContent ?? '').replace(/\s+/g, ' ').trim();

/** Types into an input as a user does: the value, then an input event. */
export function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** Events of a kind, collected from the element. */
export function collect<T>(el: Element, name: string): T[] {
  const seen: T[] = [];
  el.addEventListener(name, (event) => seen.push((event as CustomEvent<T>).detail));
  return seen;
}
export const actionsOf = (el: Element) => collect<A2uiActionDetail>(el, 'mantis-a2ui-action');
export const errorsOf = (el: Element) => collect<A2uiErrorDetail>(el, 'mantis-a2ui-error');

/** The specification's example files, by name (vendored in test/fixtures/a2ui-spec/v0.9/examples/). */
export const EXAMPLE_FILES = [
  '01_flight-status.json',
  '03_calendar-day.json',
  '05_product-card.json',
  '07_task-card.json',
  '09_login-form.json',
  '11_purchase-complete.json',
  '13_coffee-order.json',
  '15_account-balance.json',
  '17_event-detail.json',
  '19_software-purchase.json',
  '21_shipping-status.json',
  '23_step-counter.json',
  '25_contact-card.json',
  '27_stats-card.json',
  '29_movie-card.json',
  '31_incremental-dashboard.json',
  '33_financial-data-grid.json',
  '35_markdown-text.json',
];

export interface Example {
  readonly file: string;
  readonly name: string;
  readonly messages: readonly unknown[];
}

// The specification's examples, vendored (test/fixtures/a2ui-spec/README.md) so that every run has them.
export const EXAMPLES = '/test/fixtures/a2ui-spec/v0.9/examples/';
let loaded: Promise<Example[]> | null = null;

/** The specification's v0.9 examples. */
export function specExamples(): Promise<Example[]> {
  loaded ??= (async () => {
    const all: Example[] = [];
    for (const file of EXAMPLE_FILES) {
      const response = await fetch(EXAMPLES + file);
      if (!response.ok) throw new Error(`${EXAMPLES}${file}: ${response.status}`);
      const json = (await response.json()) as { name: string; messages: unknown[] };
      all.push({ file, name: json.name, messages: json.messages });
    }
    return all;
  })();
  return loaded;
}
