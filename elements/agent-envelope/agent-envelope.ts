import { ContextConsumer } from '@lit/context';
import { html, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { RegistryLoader } from '../../src/protocols/agent-ui/registry-loader.js';
import type { AgentUiRegistry } from '../../src/protocols/agent-ui/registry.js';
import type { MapAdapter, UiSurface } from '../../src/protocols/agent-ui/types.js';
import { emit } from '../events.js';
import { chatPort, type ChatPort } from '../internal/chat-context.js';
import { defineElement } from '../internal/define.js';
import { LazyElement, type Implementation } from '../internal/lazy-element.js';

export { registerEnvelopeComponent } from './registry-source.js';
export type { EnvelopeStatusDetail } from '../events.js';

const parseAttribute = (value: string | null): unknown => {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** What an envelope reports when its code could not be loaded. */
const UNAVAILABLE = { reason: 'render-failed', message: 'The agent UI element could not be loaded.' } as const;

/**
 * One agent-ui@1 envelope (001_996c0b4640eee42b.txt): a registered business panel, a chart in the
 * echarts-safe-subset grammar, or a map action, validated by strict schemas and the registry before anything
 * renders. Envelopes carry data only: no HTML, script, CSS or component source is ever taken from one.
 *
 * Whatever is invalid or not allowed (an unknown kind, component, grammar, map action or surface; props or chart
 * options outside their schema; a render_ref that does not resolve) shows the envelope's `fallbackText` as plain
 * text, or a generic notice, and `mantis-envelope-status` says why. Charts are drawn by ECharts (SVG), loaded the
 * first time a chart appears, with the same data as a table a button switches to. Map actions go to the
 * `mapAdapter` the page provides.
 *
 * The registry is, in order: the `registry` property; the `registryLoader` property (a chat passes its own); the
 * server registry under `agent-ui-url`, combined with the components the page registered with
 * `registerEnvelopeComponent`; or those components alone with the built-in chart grammar and map actions.
 *
 * @tagname agent-envelope
 * @summary One agent-ui@1 envelope: a registered panel, a chart, or a map action.
 *
 * @fires {CustomEvent<EnvelopeStatusDetail>} mantis-envelope-status - The envelope's render status changed: `rendered`, `fallback` (with `reason` and `message`), `error` (the renderer failed), or `pending` (waiting for the registry).
 *
 * @csspart base - The wrapper.
 * @csspart status - The line shown while the envelope waits (for the registry, for the chart runtime).
 * @csspart fallback - The fallback text shown instead of an envelope that cannot render, with a `data-reason` attribute.
 * @csspart component - The wrapper of a registered business panel.
 * @csspart chart - The chart's drawing area (ECharts' SVG is inside).
 * @csspart chart-toggle - The button that switches between the chart and its data table.
 * @csspart table - The chart's data table.
 * @csspart map-status - The line that says what a map action did.
 *
 * @cssprop --mantis-font-family - Text font.
 * @cssprop --mantis-font-size - Base font size (default 1rem).
 * @cssprop --mantis-font-family-mono - Monospace font (shared token).
 * @cssprop --mantis-color-text - Text color; the chart's text too.
 * @cssprop --mantis-color-text-muted - Secondary text; the chart's axis labels.
 * @cssprop --mantis-color-surface - Background of the chart's tooltip.
 * @cssprop --mantis-color-surface-raised - Background of the fallback and the table header.
 * @cssprop --mantis-color-border - Borders; the chart's axes and grid.
 * @cssprop --mantis-color-accent - The toggle button; the chart's first series.
 * @cssprop --mantis-color-on-accent - Text on accent backgrounds.
 * @cssprop --mantis-color-focus - Focus rings.
 * @cssprop --mantis-color-info - The chart's second series.
 * @cssprop --mantis-color-success - The chart's third series.
 * @cssprop --mantis-color-warning - The chart's fourth series.
 * @cssprop --mantis-color-danger - The chart's fifth series.
 * @cssprop --mantis-radius - Corner radius.
 * @cssprop --mantis-space - Base spacing unit.
 * @cssprop --mantis-chart-height - Height of a chart (default 18rem).
 */
export class AgentEnvelope extends LazyElement {
  static override properties: PropertyDeclarations = {
    envelope: { converter: { fromAttribute: parseAttribute } },
    envelopeId: { attribute: 'envelope-id' },
    agentUiUrl: { attribute: 'agent-ui-url' },
    agentUiHeaders: { attribute: false },
    createdAt: { attribute: false },
    sessionId: { attribute: 'session-id' },
    registry: { attribute: false },
    registryLoader: { attribute: false },
    surfaces: { attribute: false, hasChanged: (next: readonly UiSurface[] | null, last: readonly UiSurface[] | null) => next?.join() !== last?.join() },
    registryScope: { attribute: false },
    mapAdapter: { attribute: false },
    theme: { reflect: true },
    port: { state: true, attribute: false },
  };

  static {
    // Follows what the chat around it provides (a field would run again when a shell becomes its implementation).
    this.addInitializer((element) => void new ContextConsumer(element, { context: chatPort, subscribe: true, callback: (value) => ((element as AgentEnvelope).port = value) }));
  }

  static override load = (): Promise<Implementation<LazyElement>> => import('./agent-envelope.component.js').then((m) => m.AgentEnvelopeImpl);

  /**
   * The envelope: an object (property) or JSON text (attribute). It is validated every time it is set; nothing of
   * it renders before it passed.
   */
  envelope: unknown = null;

  /** The envelope's ID (`envelope_id`), reported in `mantis-envelope-status`. */
  envelopeId = '';

  /**
   * The agent-ui@1 base URL (`https://host/api/v1/agent/chat/`): the registry is read from its `ui-registry` and
   * render_refs are resolved under its `render-ref/`. Without it, render_junctions falls back.
   */
  agentUiUrl = '';

  /**
   * Headers of the registry and render_ref requests (`() => ({ authorization: 'Bearer …' })`), read per request.
   * Cookies follow the same-origin rule.
   */
  agentUiHeaders: (() => Record<string, string>) | null = null;

  /**
   * When the envelope was created (`created_at`, ms since the epoch): a map action older than one already applied
   * to the same map is not applied over it (a conversation replayed newest first). A chat sets it.
   */
  createdAt: number | null = null;

  /** The agent-ui `session_id` render_refs are resolved under. */
  sessionId = '';

  /** A registry to use as it is (overrides everything else). */
  registry: AgentUiRegistry | null = null;

  /** Where the server registry comes from (a chat passes its session's loader); combined with the page's components. */
  registryLoader: RegistryLoader | null = null;

  /**
   * The surfaces the page provides (a chat sets it); an envelope for another one falls back with a notice saying
   * where it would have gone. Null, the default: the envelope renders here whatever surface it names.
   */
  surfaces: readonly UiSurface[] | null = null;

  /** What the server registry is cached under (a chat passes its session); null, the default: the page. */
  registryScope: object | null = null;

  /** The map that `map_action` envelopes drive. Without one they fall back. */
  mapAdapter: MapAdapter | null = null;

  /** `light`, `dark`, or `system`; unset, the element follows where it is placed. */
  theme: 'light' | 'dark' | 'system' | undefined = undefined;

  /** The chat's port when the envelope is inside a chat (or on its canvas): each status is persisted with its message. */
  protected port: ChatPort | undefined = undefined;

  /** An envelope whose code could not be loaded says so in its place, and reports `error` as it would (to its chat too). */
  protected override renderUnavailable(): TemplateResult {
    return html`<p part="fallback" role="note" data-reason=${UNAVAILABLE.reason}>This content could not be drawn.</p>`;
  }

  protected override unavailable(): void {
    if (this.envelopeId) this.port?.setEnvelopeStatus(this.envelopeId, 'error', UNAVAILABLE.message);
    emit(this, 'mantis-envelope-status', { envelopeId: this.envelopeId, status: 'error', ...UNAVAILABLE });
  }
}

defineElement('agent-envelope', AgentEnvelope);

declare global {
  interface HTMLElementTagNameMap {
    'agent-envelope': AgentEnvelope;
  }
}
