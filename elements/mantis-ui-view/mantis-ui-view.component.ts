import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { describeFailure, validateView, type ValidateViewResult } from '../../src/index.js';
import { emit } from '../events.js';
import { themeStyles, type Theme } from '../internal/theme.styles.js';
import { viewStyles } from './mantis-ui-view.styles.js';
import { renderNode } from './render-node.js';

/**
 * Renders one validated `mantis-ui` view. Nothing model-authored reaches the template before `validateView`
 * accepts it: an invalid view renders an accessible text fallback, and an invalid child of a stack renders as a
 * small inert warning while its valid siblings still show.
 *
 * @tagname mantis-ui-view
 * @summary One validated generative-UI view.
 *
 * @fires {CustomEvent<ViewErrorDetail>} mantis-view-error - The view, or some of its children, failed validation. `detail.reason` is set when the whole view fell back.
 *
 * @csspart base - The wrapper of the rendered view.
 * @csspart heading - A heading component.
 * @csspart callout - A callout component.
 * @csspart stack - A stack container.
 * @csspart invalid - The inert warning that replaces an invalid child.
 * @csspart fallback - The text shown instead of a view that failed validation.
 *
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-color-text - Text color.
 * @cssprop --mantis-color-text-muted - Secondary text color.
 * @cssprop --mantis-color-surface-raised - Background of callouts.
 * @cssprop --mantis-color-border - Borders.
 * @cssprop --mantis-color-info - Accent of info callouts.
 * @cssprop --mantis-color-success - Accent of success callouts.
 * @cssprop --mantis-color-warning - Accent of warning callouts.
 * @cssprop --mantis-color-danger - Accent of danger callouts.
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit.
 */
export class MantisUiView extends LitElement {
  static override styles = [themeStyles, viewStyles];

  /** The view as an object (`{"version":1,"id":…,"root":…}`). Takes precedence over `spec`. */
  @property({ attribute: false }) view: unknown = undefined;

  /** The view as JSON text, as found in a `mantis-ui` fence. */
  @property({ type: String }) spec: string | undefined = undefined;

  /** Color scheme: `light`, `dark`, or `system`; unset inherits the scheme of where the view is placed. */
  @property({ reflect: true }) theme: Theme | undefined = undefined;

  /** The `aria-level` of the view's top-level headings, so they fit the page's outline. */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = 3;

  #result: ValidateViewResult | null = null;

  /** The outcome of validating the current input, or null when there is none. */
  get validation(): ValidateViewResult | null {
    return this.#result;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('view') || changed.has('spec')) {
      const input = this.view !== undefined ? this.view : this.spec;
      this.#result = input === undefined ? null : validateView(input);
    }
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
    const headingLevel = Math.max(1, Math.min(6, Math.trunc(this.headingLevel) || 3));
    return html`<div part="base" class="base">${renderNode(result.view.root, { headingLevel })}</div>`;
  }
}
