import type { HostComponent } from '../../src/protocols/agent-ui/types.js';

/*
 * The business panels the page registered in code, for every <agent-envelope> and chat on the page. Kept apart from
 * the agent-ui runtime so registering costs nothing until an envelope renders.
 */

const components = new Map<string, HostComponent>();
const listeners = new Set<() => void>();

/**
 * Registers a business panel for every `<agent-envelope>` on the page (and every chat): envelopes naming
 * `component.name` render as `<component.tagName>` with the props its schema accepted, set as its `props` property
 * (and the envelope's `data`, through `component.data`, as `data`). Registering a name again replaces it; envelopes
 * already shown render again. A `tagName` that is not a custom element name throws a TypeError.
 */
export function registerEnvelopeComponent(component: HostComponent): void {
  // A custom element name: lower-case, starting with a letter, with a hyphen (a built-in tag could never render).
  if (!/^[a-z][a-z0-9._]*-[a-z0-9._-]*$/.test(component.tagName)) throw new TypeError(`Not a custom element name: ${JSON.stringify(component.tagName)}`);
  components.set(component.name, component);
  for (const listener of [...listeners]) listener();
}

/** The page's registered components. */
export function pageComponents(): readonly HostComponent[] {
  return [...components.values()];
}

/** Calls `listener` when a page registration changes; returns the function that stops it. */
export function onEnvelopeComponents(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
