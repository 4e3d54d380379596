import { html, nothing, type TemplateResult } from 'lit';
import { accessibleLabel, oneOf, weightStyle, type A2uiNode, type A2uiRenderers, type SurfaceWalk } from './render-walk.js';

/*
 * The basic catalog's containers (basic_catalog_implementation_guide.md §1): Row, Column, List, Card, Tabs, Modal and
 * Divider. Children are drawn by the walk (render-walk.ts), keyed, so the elements of inputs inside survive updates.
 */

const JUSTIFY = ['start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly', 'stretch'] as const;
const ALIGN = ['start', 'center', 'end', 'stretch'] as const;

function flex(kind: 'row' | 'column') {
  return (node: A2uiNode, r: SurfaceWalk): TemplateResult => html`<div
    part=${kind}
    class="flex"
    data-direction=${kind}
    data-justify=${oneOf(node.component['justify'], JUSTIFY, 'start')}
    data-align=${oneOf(node.component['align'], ALIGN, 'stretch')}
    .style=${weightStyle(node)}
  >${r.children(node)}</div>`;
}

function list(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const label = accessibleLabel(node, r);
  return html`<div
    part="list"
    class="list"
    role="list"
    aria-label=${label || nothing}
    data-direction=${oneOf(node.component['direction'], ['vertical', 'horizontal'] as const, 'vertical')}
    data-align=${oneOf(node.component['align'], ALIGN, 'stretch')}
    .style=${weightStyle(node)}
  >${r.children(node, (child) => html`<div role="listitem" class="list-item">${child}</div>`)}</div>`;
}

function card(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  return html`<div part="card" class="card" .style=${weightStyle(node)}>${r.child(node, 'child')}</div>`;
}

function divider(node: A2uiNode): TemplateResult {
  const axis = oneOf(node.component['axis'], ['horizontal', 'vertical'] as const, 'horizontal');
  return html`<hr part="divider" class="divider" data-axis=${axis} aria-orientation=${axis} .style=${weightStyle(node)} />`;
}

interface TabsState {
  selected: number;
}

/** Tabs: a tablist (arrow keys, Home, End move and select) and one tabpanel holding only the selected tab's child. */
function tabs(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const all = Array.isArray(node.component['tabs']) ? (node.component['tabs'] as unknown[]) : [];
  const state = r.host.local<TabsState>(node.key, () => ({ selected: 0 }));
  const selected = Math.max(0, Math.min(state.selected, all.length - 1));
  const panel = r.host.domId(node.key, 'panel');
  const tabId = (i: number): string => r.host.domId(node.key, `tab-${i}`);
  const select = async (i: number, focus: boolean, list: Element): Promise<void> => {
    state.selected = i;
    await r.host.update();
    if (focus) list.querySelectorAll<HTMLElement>('[role="tab"]')[i]?.focus();
  };
  const onKey = (event: KeyboardEvent): void => {
    const list = event.currentTarget as Element;
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: all.length - 1 };
    if (!(event.key in moves) || all.length === 0) return;
    event.preventDefault();
    void select(((moves[event.key] as number) + all.length) % all.length, true, list);
  };
  const current = all[selected] as Record<string, unknown> | undefined;
  return html`<div part="tabs" class="tabs" .style=${weightStyle(node)}>
    <div part="tablist" class="tablist" role="tablist" aria-label=${accessibleLabel(node, r) || nothing} @keydown=${onKey}>
      ${all.map((tab, i) => {
        const title = typeof tab === 'object' && tab !== null ? r.string(node, (tab as Record<string, unknown>)['title']) : '';
        return html`<button
          part="tab"
          class="tab"
          type="button"
          role="tab"
          id=${tabId(i)}
          aria-selected=${i === selected ? 'true' : 'false'}
          aria-controls=${panel}
          tabindex=${i === selected ? '0' : '-1'}
          @click=${(event: Event) => void select(i, false, (event.currentTarget as Element).parentElement as Element)}
        >${title || `Tab ${i + 1}`}</button>`;
      })}
    </div>
    <div part="tabpanel" class="tabpanel" role="tabpanel" id=${panel} aria-labelledby=${tabId(selected)} tabindex="0">
      ${current ? r.childAt(node, current['child'], `/tabs/${selected}/child`) : nothing}
    </div>
  </div>`;
}

/**
 * Modal: only the trigger shows; activating it opens a native modal <dialog> (showModal: focus moves in, Escape and
 * the Close button close it, and focus returns to the trigger). The trigger's own action does not run: the modal
 * intercepts it, as the guide says. The interception is the element's (one capturing click listener on its shadow
 * root, mantis-a2ui-surface.component.ts), found by the `modal-trigger` class next to the dialog.
 */
function modal(node: A2uiNode, r: SurfaceWalk): TemplateResult {
  const triggerId = node.component['trigger'];
  const triggerIsButton = typeof triggerId === 'string' && r.surface.components.get(triggerId)?.component === 'Button';
  const label = accessibleLabel(node, r) || 'Details';
  const close = (event: Event): void => (event.currentTarget as HTMLElement).closest('dialog')?.close();
  const trigger = r.child(node, 'trigger');
  return html`<div part="modal" class="modal" .style=${weightStyle(node)}>
    <div class="modal-trigger">
      ${triggerIsButton ? trigger : html`<button type="button" class="button modal-open" data-variant="default">${trigger}</button>`}
    </div>
    <dialog part="dialog" class="dialog" aria-label=${label}>
      <div class="dialog-body">${r.child(node, 'content')}</div>
      <div class="dialog-actions"><button type="button" part="dialog-close" class="button" data-variant="default" @click=${close}>Close</button></div>
    </dialog>
  </div>`;
}

export const LAYOUT_RENDERERS: A2uiRenderers = {
  Row: flex('row'),
  Column: flex('column'),
  List: list,
  Card: card,
  Tabs: tabs,
  Modal: modal,
  Divider: divider,
};
