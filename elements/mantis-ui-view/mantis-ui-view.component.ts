import { LitElement, adoptStyles, html, supportsAdoptingStyleSheets, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import { ContextConsumer } from '@lit/context';
import { citationIndex, defaultActions, describeFailure, outcomeOf, validateView, type Action, type ActionOutcome, type ArtifactNode, type MediaService, type ValidateViewResult } from '../../src/index.js';
import { emit } from '../events.js';
import { chatServices, type ChatServices } from '../internal/chat-context.js';
import { themeStyles, type Theme } from '../internal/theme.styles.js';
import { ActionButtons } from './actions.js';
import { loadMoreNodes, moreNodes, needsMore } from './lazy-nodes.js';
import { viewStyles } from './mantis-ui-view.styles.js';
import { renderNode, type RenderContext } from './render-node.js';

/**
 * Renders one validated `mantis-ui` view. Nothing model-authored reaches the template before `validateView`
 * accepts it: an invalid view renders an accessible text fallback, and an invalid child of a stack renders as a
 * small inert warning while its valid siblings still show.
 *
 * @tagname mantis-ui-view
 * @summary One validated generative-UI view.
 *
 * @fires {CustomEvent<ActionDetail>} mantis-action - The user chose an action. State-changing actions (add-to-bag, run-task, submit-followup) fire only after a confirming second click, and at most once.
 * @fires {CustomEvent<ArtifactOpenDetail>} mantis-artifact-open - The user asked to open an artifact's payload (a view on its own; inside a chat the chat fires it and opens its artifact panel).
 * @fires {CustomEvent<ViewErrorDetail>} mantis-view-error - The view, or some of its children, failed validation. `detail.reason` is set when the whole view fell back.
 * @fires {CustomEvent<MediaErrorDetail>} mantis-media-error - A media-gallery item could not show its preview or finish its download (from its `<mantis-media-item>`).
 *
 * @csspart base - The wrapper of the rendered view.
 * @csspart heading - A heading component.
 * @csspart callout - A callout component.
 * @csspart stack - A stack container.
 * @csspart grid - A grid container.
 * @csspart metric-group - A metric-group; each metric is a `metric` part.
 * @csspart metric - One metric tile.
 * @csspart entity-card - An entity-card.
 * @csspart citation-list - A citation-list; each citation is a `citation` part.
 * @csspart citation - One citation.
 * @csspart data-table - The scrolling region around a data-table.
 * @csspart task-card - A suggested task-card; its state badge is `task-state`.
 * @csspart task-state - The "Suggested" badge of a task-card.
 * @csspart media-gallery - A media-gallery; each item is a `media-item` part.
 * @csspart media-item - One media item: a figure holding a `<mantis-media-item>` (style its inside through that element's parts) and its caption.
 * @csspart artifact - An artifact card; its open button is `artifact-open`.
 * @csspart artifact-open - The button that opens an artifact.
 * @csspart action-row - An action-row.
 * @csspart actions - A group of action buttons.
 * @csspart action - An action button.
 * @csspart action-confirm - The confirmation step of a state-changing action.
 * @csspart action-confirm-button - The button that confirms it.
 * @csspart invalid - The inert warning that replaces an invalid child, or a component whose code could not be loaded.
 * @csspart loading - The place of a component whose code is loading (tables, task cards, citation lists, media galleries and artifacts load with the first view that has one).
 * @csspart fallback - The text shown instead of a view that failed validation.
 *
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-font-size - Base font size (default 1rem).
 * @cssprop --mantis-font-family-mono - Font of code in Markdown text.
 * @cssprop --mantis-color-text - Text color.
 * @cssprop --mantis-color-text-muted - Secondary text color.
 * @cssprop --mantis-color-surface-raised - Background of callouts.
 * @cssprop --mantis-color-border - Borders.
 * @cssprop --mantis-color-info - Accent of info callouts.
 * @cssprop --mantis-color-success - Accent of success callouts.
 * @cssprop --mantis-color-warning - Accent of warning callouts.
 * @cssprop --mantis-color-danger - Accent of danger callouts.
 * @cssprop --mantis-color-accent - Action buttons.
 * @cssprop --mantis-color-on-accent - Text on confirm buttons.
 * @cssprop --mantis-color-surface - Card backgrounds, and the view's own background when `theme` is set.
 * @cssprop --mantis-color-focus - Focus rings.
 * @cssprop --mantis-table-max-height - Height after which a data-table scrolls (default 24rem).
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit.
 */
export class MantisUiView extends LitElement {
  static override properties: PropertyDeclarations = {
    view: { attribute: false },
    spec: { type: String },
    theme: { reflect: true },
    headingLevel: { type: Number, attribute: 'heading-level' },
    citationStart: { type: Number, attribute: 'citation-start' },
    readOnly: { type: Boolean, attribute: 'read-only', reflect: true },
    actionsDisabled: { type: Boolean, attribute: 'actions-disabled', reflect: true },
    messageId: { attribute: 'message-id' },
    partId: { attribute: 'part-id' },
    outcomes: { attribute: false },
    media: { attribute: false },
    services: { state: true, attribute: false },
  };

  static {
    // Follows the services of the chat around it, once per element.
    this.addInitializer((element) => void new ContextConsumer(element, { context: chatServices, subscribe: true, callback: (value) => ((element as MantisUiView).services = value) }));
  }

  static override styles = [themeStyles, ...viewStyles];

  /** The view as an object (`{"version":1,"id":…,"root":…}`). Takes precedence over `spec`. */
  view: unknown = undefined;

  /** The view as JSON text, as found in a `mantis-ui` fence. */
  spec: string | undefined = undefined;

  /** Color scheme: `light`, `dark`, or `system`; unset inherits the scheme of where the view is placed. */
  theme: Theme | undefined = undefined;

  /** The `aria-level` of the view's top-level headings, so they fit the page's outline. */
  headingLevel = 3;

  /**
   * The number of the view's first citation. A message numbers citations continuously across its views, so the
   * chat sets this to one more than the citations of the views before this one.
   */
  citationStart = 1;

  /** Ask's read-only policy: only navigate, summarize and prefill-composer actions are offered. */
  readOnly = false;

  /** Disables every action, as while the message that holds the view is still streaming. */
  actionsDisabled = false;

  /** The assistant message holding this view, when a chat renders it (actions name it). */
  messageId: string | undefined = undefined;

  /**
   * The view's part ID in its message (`view-0`, `view-1`, …), when a chat renders it. Two views of one message may
   * share a view ID: their actions' outcomes and their artifacts are told apart by this.
   */
  partId: string | undefined = undefined;

  /**
   * The outcomes of the state-changing actions of the message holding this view, as the message keeps them (a chat
   * sets it): an action with an outcome ran already, shows it, and cannot run again.
   */
  outcomes: readonly ActionOutcome[] = [];

  /**
   * The media service a view on its own fetches its media-gallery items through; inside a chat the chat's service is
   * used. Without either, items show "Preview unavailable" and nothing is requested.
   */
  media: MediaService | null | undefined = undefined;

  /** The session's services when the view is inside a chat; a view on its own fires `mantis-action` instead. */
  private services: ChatServices | undefined = undefined;

  #result: ValidateViewResult | null = null;
  readonly #actions = new ActionButtons(this);
  /** The loading of the components most replies lack (lazy-nodes.ts), once this view needed them. */
  #more: Promise<void> | null = null;
  #moreStyled = false;

  /** The outcome of validating the current input, or null when there is none. */
  get validation(): ValidateViewResult | null {
    return this.#result;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('view') || changed.has('spec')) {
      const input = this.view !== undefined ? this.view : this.spec;
      this.#result = input === undefined ? null : validateView(input);
      this.#actions.reset();
      if (this.#result?.ok && needsMore(this.#result.view.root)) this.#needMore();
    }
  }

  /** The view holds a component of the lazily loaded module: load it, then draw again with its styles. */
  #needMore(): void {
    if (moreNodes()) {
      this.#adoptMoreStyles();
      return;
    }
    this.#more ??= loadMoreNodes()
      .then(() => this.#adoptMoreStyles())
      .finally(() => this.requestUpdate());
  }

  #adoptMoreStyles(): void {
    const more = moreNodes();
    const root = this.shadowRoot;
    if (!more || this.#moreStyled || !root) return;
    this.#moreStyled = true;
    // Added to the sheets the root has (the element's own, and any a page added); old engines get <style>s (Lit).
    if (supportsAdoptingStyleSheets) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...more.moreStyles.map((style) => style.styleSheet as CSSStyleSheet)];
    else adoptStyles(root, more.moreStyles);
  }

  /** Also waits for the components that load with the view's first need of them, and for the view drawn with them. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    if (!this.#more) return done;
    await this.#more;
    return super.getUpdateComplete();
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!(changed.has('view') || changed.has('spec')) || !this.#result) return;
    const result = this.#result;
    if (!result.ok) emit(this, 'mantis-view-error', { reason: result.reason, issues: result.issues });
    else if (result.issues.length > 0) emit(this, 'mantis-view-error', { issues: result.issues });
  }

  protected override render(): TemplateResult {
    const result = this.#result;
    if (!result) return html`<div part="base" class="base"></div>`;
    if (!result.ok) {
      return html`<p part="fallback" class="fallback" role="note">
        <strong>This view can’t be shown.</strong> ${describeFailure(result.reason)}
      </p>`;
    }
    const viewId = result.view.id;
    const services = this.services;
    const messageId = this.messageId;
    const partId = this.partId;
    const request = (nodeId: string, action: Action) => ({ ...(messageId ? { messageId } : {}), viewId, ...(partId ? { partId } : {}), nodeId, action });
    const run = (nodeId: string, action: Action, options?: { readonly createSelectionBag?: boolean }): void => {
      if (services) services.runAction(request(nodeId, action), options);
      else emit(this, 'mantis-action', { viewId, ...(partId ? { partId } : {}), nodeId, action });
    };
    const outcomes = this.outcomes;
    const policy = {
      viewId,
      readOnly: this.readOnly,
      disabled: this.actionsDisabled,
      registry: services?.actions ?? defaultActions,
      run,
      outcome: (actionId: string) => outcomeOf(outcomes, viewId, actionId, partId),
      ...(services ? { prepare: (nodeId: string, action: Action) => services.prepareAction(request(nodeId, action)) } : {}),
    };
    const open = (node: ArtifactNode): void => {
      // Inside a chat the artifact opens in its panel (the chat fires mantis-artifact-open, cancelable).
      if (services) {
        services.openArtifact({ node, viewId, ...(messageId ? { messageId } : {}), ...(partId ? { partId } : {}) });
        return;
      }
      emit(this, 'mantis-artifact-open', {
        viewId,
        ...(partId ? { partId } : {}),
        nodeId: node.id,
        title: node.title,
        format: node.format,
        content: node.content,
        ...(node.language ? { language: node.language } : {}),
      });
    };
    // The view alone, as one part: its lists' starts are keyed by that part's ID.
    const own = partId ?? viewId;
    const starts = citationIndex([{ type: 'data-mantis-ui', id: own, data: result.view }]).startOf;
    const firstCitation = Math.max(1, Math.trunc(this.citationStart) || 1);
    const ctx: RenderContext = {
      headingLevel: Math.max(1, Math.min(6, Math.trunc(this.headingLevel) || 3)),
      renderActions: (nodeId, actions) => this.#actions.render(nodeId, actions, policy),
      citationStart: (nodeId) => firstCitation - 1 + (starts.get(`${own}/${nodeId}`) ?? 1),
      renderChild: (child) => renderNode(child, ctx, open),
      media: this.media ?? services?.media ?? null,
    };
    return html`<div part="base" class="base">${renderNode(result.view.root, ctx, open)}</div>`;
  }
}
