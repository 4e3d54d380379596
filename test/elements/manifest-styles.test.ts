import { expect } from '@open-wc/testing';
import type { CSSResultGroup, LitElement } from 'lit';
import { MantisChat } from '../../elements/mantis-chat/mantis-chat.js';
import { MantisArtifactPanel } from '../../elements/mantis-artifact-panel/mantis-artifact-panel.js';
import { MantisMediaItem } from '../../elements/mantis-media-item/mantis-media-item.js';
import { MantisUiView } from '../../elements/mantis-ui-view/mantis-ui-view.js';
import { AgentEnvelope } from '../../elements/agent-envelope/agent-envelope.js';
import { MantisA2uiSurface } from '../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import { ArtifactPanelImpl } from '../../elements/mantis-artifact-panel/mantis-artifact-panel.component.js';
import { MediaItemImpl } from '../../elements/mantis-media-item/mantis-media-item.component.js';
import { AgentEnvelopeImpl } from '../../elements/agent-envelope/agent-envelope.component.js';
import { A2uiSurfaceImpl } from '../../elements/mantis-a2ui-surface/mantis-a2ui-surface.component.js';
import { moreStyles } from '../../elements/mantis-ui-view/nodes/more.js';

/*
 * custom-elements.json against what the elements really do.
 *
 * Custom properties: the `--mantis-*` names an element's static styles read (var(--mantis-…), fallbacks included),
 * with those it adopts when the code of some of its parts loads, must EQUAL its documented `cssProperties` (its
 * @cssprop lines). A property read but not documented is invisible to
 * users; one documented but read by nobody is a promise that does nothing. Both fail here.
 *
 * Events: every event of <mantis-ui-view> bubbles and is composed, so it leaves a <mantis-chat> that renders the
 * view, and the chat's `events` (its @fires lines) must list it, with the same type.
 *
 * Assertions compare strings and arrays of strings only, so a failure names the exact lines to add or remove.
 */

interface ManifestElement {
  name: string;
  tagName?: string;
  customElement?: boolean;
  cssProperties?: { name: string }[];
  events?: { name: string; type?: { text: string } }[];
}
interface Manifest {
  modules: { path: string; declarations?: ManifestElement[] }[];
}

/** Every element, by tag. A new element must be added here, or the first test fails. */
const ELEMENTS: Record<string, typeof LitElement> = {
  'mantis-ui-view': MantisUiView,
  'mantis-chat': MantisChat,
  'mantis-media-item': MantisMediaItem,
  'mantis-artifact-panel': MantisArtifactPanel,
  'agent-envelope': AgentEnvelope,
  'mantis-a2ui-surface': MantisA2uiSurface,
};

/** The tags defined at once whose code loads on need: the implementation holds the styles the shell draws with. */
const DRAWN_BY: Record<string, typeof LitElement> = {
  'mantis-media-item': MediaItemImpl,
  'mantis-artifact-panel': ArtifactPanelImpl,
  'agent-envelope': AgentEnvelopeImpl,
  'mantis-a2ui-surface': A2uiSurfaceImpl,
};

/** Styles an element adopts when the code of some of its parts loads (a view's less common components). */
const ADOPTED: Record<string, CSSResultGroup> = {
  'mantis-ui-view': moreStyles,
};

/** The text of a static `styles` value: a CSSResult, a CSSStyleSheet, or (nested) arrays of them. */
function cssText(styles: CSSResultGroup | CSSStyleSheet | undefined): string {
  if (styles === undefined) return '';
  if (Array.isArray(styles)) return styles.map((s: CSSResultGroup) => cssText(s)).join('\n');
  if (styles instanceof CSSStyleSheet) return [...styles.cssRules].map((rule) => rule.cssText).join('\n');
  return (styles as { cssText: string }).cssText;
}

/** The `--mantis-*` custom properties a stylesheet reads through var(). */
function readProperties(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/var\(\s*(--mantis-[\w-]+)/g)) names.add(match[1] as string);
  return [...names].sort();
}

let manifest: Manifest;
const declaration = (tag: string): ManifestElement => {
  const found = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.customElement && d.tagName === tag);
  if (!found) throw new Error(`<${tag}> is not in custom-elements.json`);
  return found;
};

describe('custom-elements.json against the elements', () => {
  before(async () => {
    const response = await fetch('/custom-elements.json');
    expect(response.ok, 'the test runner serves /custom-elements.json').to.equal(true);
    manifest = (await response.json()) as Manifest;
  });

  it('covers every element of the manifest, and each tag is defined by its class', () => {
    const tags = manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.customElement && d.tagName)
      .map((d) => d.tagName as string)
      .sort();
    expect(tags).to.deep.equal(Object.keys(ELEMENTS).sort());
    for (const [tag, element] of Object.entries(ELEMENTS)) {
      expect(customElements.get(tag) === element, `<${tag}> is defined by ${element.name}`).to.equal(true);
      expect(declaration(tag).name).to.equal(element.name);
    }
  });

  for (const [tag, element] of Object.entries(ELEMENTS)) {
    it(`<${tag}> documents exactly the --mantis-* custom properties its styles read`, () => {
      const read = readProperties(`${cssText((DRAWN_BY[tag] ?? element).styles)}\n${cssText(ADOPTED[tag])}`);
      expect(read.length > 0, `${element.name}.styles reads some --mantis-* property`).to.equal(true);
      const documented = (declaration(tag).cssProperties ?? []).map((p) => p.name).sort();
      // Named lists first, so a failure says exactly which @cssprop lines to add and which to remove.
      const undocumented = read.filter((name) => !documented.includes(name)).map((name) => `add: @cssprop ${name}`);
      const unread = documented.filter((name) => !read.includes(name)).map((name) => `remove: @cssprop ${name}`);
      expect([...undocumented, ...unread], `@cssprop lines of ${element.name}`).to.deep.equal([]);
      expect(documented).to.deep.equal(read);
    });
  }

  it('<mantis-chat> documents every event that leaves a <mantis-ui-view> inside it', () => {
    const typed = (d: ManifestElement) => (d.events ?? []).map((e) => `${e.name}: ${e.type?.text ?? '(untyped)'}`);
    const fromView = typed(declaration('mantis-ui-view'));
    expect(fromView.length > 0, '<mantis-ui-view> documents its events').to.equal(true);
    const fromChat = typed(declaration('mantis-chat'));
    const missing = fromView.filter((event) => !fromChat.includes(event)).map((event) => `add: @fires ${event}`);
    expect(missing, '@fires lines of MantisChat').to.deep.equal([]);
  });
});
