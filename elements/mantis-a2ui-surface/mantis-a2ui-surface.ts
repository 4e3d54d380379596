import type { PropertyDeclarations } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { A2uiSurfaceStore, SurfaceModel } from '../../src/protocols/a2ui/index.js';
import type { A2uiCatalogInput } from '../../src/protocols/a2ui/catalog-input.js';
import { chatPort, type ChatPort } from '../internal/chat-context.js';
import { defineElement } from '../internal/define.js';
import { LazyElement, type Implementation } from '../internal/lazy-element.js';
import type { Theme } from '../internal/theme.styles.js';
import type { A2uiRenderers } from './render-walk.js';

export type { A2uiActionDetail, A2uiChangeDetail, A2uiErrorDetail, A2uiFunctionAnswerDetail, A2uiFunctionCallDetail } from '../events.js';
export type { A2uiNode, A2uiRenderFn, A2uiRenderers, A2uiSurfaceHost, SurfaceWalk } from './render-walk.js';

/** Resolves an `agent_files/...` key to an object URL (the page's authenticated media service). */
export type A2uiMediaResolver = (key: string) => Promise<string>;

/**
 * Renders A2UI v0.9 surfaces (a2ui_protocol.md). On its own it is given the server messages (createSurface,
 * updateComponents, updateDataModel, deleteSurface), applied in order by a surface group of its own (the same core
 * code a chat's session uses); appending messages applies only the new ones, so what the user typed, focus and the
 * DOM survive; any other array starts over. In a chat it is given one surface's model by the session, which applied
 * its messages and reports its errors, and draws it.
 *
 * Nothing is requested for any address from a message: images, videos and sounds show only object URLs the page's
 * `mediaResolver` (in a chat, its authenticated media service) made for literal `agent_files/...` keys, played with
 * the browser's own controls (else a placeholder with the media's description that says why), the theme's `iconUrl`
 * is never fetched, and `openUrl` shows the full address in a confirmation dialog and opens it (http(s) only) after a
 * second, explicit click.
 *
 * @tagname mantis-a2ui-surface
 * @summary An A2UI v0.9 surface renderer (the specification's basic and minimal catalogs, and ours).
 *
 * @fires {CustomEvent<A2uiActionDetail>} mantis-a2ui-action - A Button's server event, its context resolved; `dataModel` when the surface has `sendDataModel`.
 * @fires {CustomEvent<A2uiErrorDetail>} mantis-a2ui-error - A message was refused, or a surface (or a part of it) could not be rendered: a reference cycle, a missing component, a limit. Each distinct error once.
 * @fires {CustomEvent<A2uiFunctionAnswerDetail>} mantis-a2ui-function-answer - The answer to an agent's A2UI v1.0 callRendererFunction among `messages`, to send to the agent: a rendererFunctionResponse when a catalog lets the agent call the function, else an INVALID_FUNCTION_CALL error by the call's ID.
 * @fires {CustomEvent<A2uiFunctionCallDetail>} mantis-a2ui-function-call - A surface calls one of the agent's functions (A2UI v1.0 callAgentFunction: a function its v1.0 catalog declares and the renderer lacks), to send to the agent; append its agentFunctionResponse to `messages`. Until then a binding to it has no value and a check on it does not pass; an error answer, or none within 30 s, is said in the surface's place (a timeout also fires mantis-a2ui-error, FUNCTION_TIMEOUT).
 * @fires {CustomEvent<A2uiChangeDetail>} mantis-a2ui-change - A surface changed: messages were applied or an input wrote its data model.
 * @fires {CustomEvent<ConfigErrorDetail>} mantis-config-error - A catalog document in `catalogs` cannot be used (it is left out; `reason` says where and why).
 *
 * @csspart base - The wrapper of all surfaces.
 * @csspart surface - One surface (`data-surface-id`).
 * @csspart agent - The name of the agent that made a surface (theme `agentDisplayName`).
 * @csspart fallback - The note shown instead of a surface that cannot be shown.
 * @csspart placeholder - The note shown instead of one component that cannot be shown.
 * @csspart note - A note such as "Showing the first 200 of 100000 items", or that the agent's last change to a surface could not be applied.
 * @csspart text - A Text.
 * @csspart image - An image shown from an object URL.
 * @csspart image-placeholder - What shows instead of an image that is not loaded.
 * @csspart icon - An Icon.
 * @csspart video - A Video's native player (`<video controls>`), playing a stored file.
 * @csspart audio - An AudioPlayer's native player (`<audio controls>`), playing a stored file.
 * @csspart media-placeholder - What shows instead of a Video or AudioPlayer that is not played, saying why.
 * @csspart row - A Row.
 * @csspart column - A Column.
 * @csspart list - A List.
 * @csspart card - A Card.
 * @csspart tabs - A Tabs; `tablist`, `tab` and `tabpanel` are its pieces.
 * @csspart tablist - The tab headers of a Tabs.
 * @csspart tab - One tab header.
 * @csspart tabpanel - The selected tab's content.
 * @csspart modal - A Modal (its trigger and dialog).
 * @csspart dialog - A Modal's dialog.
 * @csspart dialog-close - The Close button of a Modal's dialog.
 * @csspart divider - A Divider.
 * @csspart button - A Button.
 * @csspart field - A TextField or DateTimeInput (label, input, message).
 * @csspart input - The native input of a TextField, Slider or DateTimeInput.
 * @csspart field-error - The message of an input's first failing check.
 * @csspart checkbox - A CheckBox.
 * @csspart choice-picker - A ChoicePicker.
 * @csspart filter - A filterable ChoicePicker's filter input.
 * @csspart slider - A Slider.
 * @csspart confirm - The dialog that confirms opening a link.
 * @csspart confirm-url - The full address in that dialog.
 *
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-font-size - Base font size (default 1rem).
 * @cssprop --mantis-font-family-mono - Monospace font (the address in the link dialog).
 * @cssprop --mantis-color-text - Text color.
 * @cssprop --mantis-color-text-muted - Captions and notes.
 * @cssprop --mantis-color-surface - Backgrounds of dialogs and inputs.
 * @cssprop --mantis-color-surface-raised - Placeholders, chips and default buttons.
 * @cssprop --mantis-color-border - Borders of cards, inputs and dividers.
 * @cssprop --mantis-color-accent - Primary buttons, the selected tab, selected chips (a surface's theme `primaryColor` replaces it there).
 * @cssprop --mantis-color-on-accent - Text on primary buttons.
 * @cssprop --mantis-color-focus - Focus rings.
 * @cssprop --mantis-color-info - Informational accent (shared token).
 * @cssprop --mantis-color-success - Success accent (shared token).
 * @cssprop --mantis-color-warning - Warning accent (shared token).
 * @cssprop --mantis-color-danger - Messages of failing checks.
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit (the margin of leaf components).
 */
export class MantisA2uiSurface extends LazyElement {
  static override properties: PropertyDeclarations = {
    messages: { attribute: false },
    surfaceId: { attribute: 'surface-id' },
    surface: { attribute: false },
    pending: { type: Boolean },
    messageId: { attribute: 'message-id' },
    readOnly: { type: Boolean, attribute: 'read-only' },
    actionsDisabled: { type: Boolean, attribute: 'actions-disabled' },
    catalogs: { attribute: false },
    renderers: { attribute: false },
    mediaResolver: { attribute: false },
    headingLevel: { type: Number, attribute: 'heading-level' },
    theme: { reflect: true },
    port: { state: true, attribute: false },
  };

  static {
    // Follows what the chat around it provides (a field would run again when a shell becomes its implementation).
    this.addInitializer((element) => void new ContextConsumer(element, { context: chatPort, subscribe: true, callback: (value) => ((element as MantisA2uiSurface).port = value) }));
  }

  static override load = (): Promise<Implementation<LazyElement>> => import('./mantis-a2ui-surface.component.js').then((m) => m.A2uiSurfaceImpl);

  /** The A2UI server messages, in order (e.g. an example file's `messages`). An array that extends the last one applies only the new messages. */
  messages: readonly unknown[] = [];

  /** Render only this surface; without it, every surface in creation order. */
  surfaceId: string | undefined = undefined;

  /**
   * One surface as a chat's session holds it (the chat sets it): drawn as it is, instead of `messages`. Its messages
   * were applied, and its errors are reported, by the session.
   */
  surface: SurfaceModel | null = null;

  /**
   * More messages may still come for these surfaces (the chat sets it while the agent's turn streams): a reference to
   * a component not defined yet shows a placeholder but is not reported as an error until this is false again.
   */
  pending = false;

  /**
   * For our v1 components (MANTIS_CATALOG_ID), as on `<mantis-ui-view>`: the assistant message whose actions they are,
   * Ask's read-only policy, and whether their actions are disabled (while the message streams). The chat sets them.
   */
  messageId: string | undefined = undefined;
  readOnly = false;
  actionsDisabled = false;

  /**
   * The catalogs surfaces may name (default: the specification's and ours, `DEFAULT_CATALOGS`): definitions,
   * documents in the specification's JSON catalog format (read by `mantis-ui/a2ui-json`, loaded for them; the messages
   * wait meanwhile), or the IDs of the built-in catalogs. Changing them starts over.
   */
  catalogs: readonly A2uiCatalogInput[] | undefined = undefined;

  /**
   * Render functions per catalog ID, each a map of component name → function (unset: `DEFAULT_RENDERERS`, those of
   * the specification's catalogs and ours). A catalog ID without an entry is drawn with `MANTIS_RENDERERS`. Unset reads as `undefined`: to add to the defaults, spread `DEFAULT_RENDERERS` (from
   * `mantis-ui`), not this property.
   */
  renderers: Readonly<Record<string, A2uiRenderers>> | undefined = undefined;

  /**
   * Resolves an `agent_files/...` key of an Image, Video or AudioPlayer to a `blob:` object URL; without it (and
   * outside a chat), no image is shown and nothing is played (placeholders).
   */
  mediaResolver: A2uiMediaResolver | null = null;

  /** The heading level of a surface's top heading (1-6): the surface's h1-h5 are counted from it. */
  headingLevel = 3;

  /** Color scheme: `light`, `dark` or `system`; unset inherits the scheme of where it is placed. */
  theme: Theme | undefined = undefined;

  /** The chat's port, when the surface is inside one: actions go to the agent and media come from its service. */
  protected port: ChatPort | undefined = undefined;

  /** The store of the surfaces it was given as messages (read-only use: a surface's data model); null until its code is here. */
  get store(): A2uiSurfaceStore | null {
    return null;
  }
}

defineElement('mantis-a2ui-surface', MantisA2uiSurface);

declare global {
  interface HTMLElementTagNameMap {
    'mantis-a2ui-surface': MantisA2uiSurface;
  }
}
