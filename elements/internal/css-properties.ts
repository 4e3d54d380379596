import { noChange } from 'lit';
import { Directive, directive, PartType, type AttributePart, type PartInfo } from 'lit/directive.js';

/** CSS properties by their CSS names (`grid-column`, `--_width`); an absent or undefined value removes one set before. */
export type CssProperties = Readonly<Record<string, string | undefined>>;

/**
 * Sets an element's inline CSS properties through the CSSOM only. Lit's `styleMap` writes its first render as a
 * `style` attribute, which a page whose Content-Security-Policy forbids inline styles refuses (docs/strict-pages.md);
 * `style.setProperty` is not an inline style in that sense, and always allowed.
 */
class CssPropertiesDirective extends Directive {
  #set = new Set<string>();

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ATTRIBUTE || part.name !== 'style') throw new Error('cssProperties() goes in a style attribute: style=${cssProperties({…})}');
  }

  render(_properties: CssProperties): typeof noChange {
    return noChange;
  }

  override update(part: AttributePart, [properties]: [CssProperties]): typeof noChange {
    const style = part.element.style;
    for (const name of this.#set) {
      if (properties[name] !== undefined) continue;
      style.removeProperty(name);
      this.#set.delete(name);
    }
    for (const [name, value] of Object.entries(properties)) {
      if (value === undefined) continue;
      style.setProperty(name, value);
      this.#set.add(name);
    }
    return noChange;
  }
}

export const cssProperties = directive(CssPropertiesDirective);
