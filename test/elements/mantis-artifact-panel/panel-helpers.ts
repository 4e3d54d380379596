// What the artifact panel's test files share: a docked panel in a workspace row, artifact sources, and queries into
// the panel's shadow root.
import { fixture, html } from '@open-wc/testing';
import { nothing } from 'lit';
import '../../../elements/index.js';
import type { MantisArtifactPanel } from '../../../elements/mantis-artifact-panel/mantis-artifact-panel.js';
import { ArtifactStore, type ArtifactNode, type ArtifactSource } from '../../../src/index.js';

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

export const source = (id: string, extra: Partial<ArtifactNode> = {}): ArtifactSource => ({
  node: { id, type: 'artifact', title: `Artifact ${id}`, format: 'text', content: `The payload of ${id}.`, ...extra },
  viewId: 'v',
  messageId: 'm',
});

export const shadow = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
export const q = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => shadow(el).querySelector<T & Element>(selector) as T;
export const tabs = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLElement>('[role="tab"]')];
export const selected = (el: HTMLElement) => tabs(el).find((t) => t.getAttribute('aria-selected') === 'true');
export const handle = (el: HTMLElement) => q(el, '[role="separator"]');
export const content = (el: HTMLElement) => q(el, '[role="tabpanel"]');
/** The focused element inside the panel's shadow root. */
export const focused = (el: HTMLElement) => shadow(el).activeElement as HTMLElement | null;

/**
 * A panel docked to the right of a 780px workspace row, showing a fresh store, after a button (the opener) and, with
 * `after`, before another one.
 */
export async function panel(options: { store?: ArtifactStore; layoutKey?: string; theme?: string; narrow?: boolean; after?: boolean } = {}) {
  const store = options.store ?? new ArtifactStore();
  const wrapper = await fixture<HTMLDivElement>(html`<div style="display:flex; width:780px; height:420px">
    <button id="opener">Open from the conversation</button>
    <div style="flex:1"></div>
    <mantis-artifact-panel
      .store=${store}
      ?narrow=${options.narrow ?? false}
      layout-key=${options.layoutKey ?? unique('panel')}
      theme=${options.theme ?? 'light'}
    ></mantis-artifact-panel>
    ${options.after ? html`<button id="after">After the panel</button>` : nothing}
  </div>`);
  const el = wrapper.querySelector('mantis-artifact-panel') as MantisArtifactPanel;
  await el.updateComplete;
  return { el, store, wrapper, opener: wrapper.querySelector('#opener') as HTMLButtonElement, after: wrapper.querySelector<HTMLButtonElement>('#after') };
}
