/**
 * mantis-ui/react: the elements as React components (made with `@lit/react`), with typed props for their properties
 * and a typed `on…` prop for each event they fire (`mantis-message-complete` → `onMessageComplete`). Importing it
 * defines the elements. React 19 binds custom elements' properties and events by itself; these components add the
 * types (and remove their listeners on unmount). See docs/react.md.
 *
 * @example
 * import { MantisChat } from 'mantis-ui/react';
 * <MantisChat url="wss://agent.example/api/v1/composer/ws" onMessageComplete={(e) => log(e.detail.message)} />
 */
// The elements through the package's main entry (external in the build): `mantis-ui/react` adds wrappers to what
// `mantis-ui` defines, and a bundler that honours `sideEffects` keeps the definitions with it.
import {
  AgentEnvelope as AgentEnvelopeElement,
  MantisA2uiSurface as MantisA2uiSurfaceElement,
  MantisArtifactPanel as MantisArtifactPanelElement,
  MantisChat as MantisChatElement,
  MantisMediaItem as MantisMediaItemElement,
  MantisUiView as MantisUiViewElement,
} from 'mantis-ui';
import type { MantisEventName } from './wrap.js';
import { wrap } from './wrap.js';

export { eventProp, type EventProp, type EventProps, type MantisComponent, type MantisEventName } from './wrap.js';
export type * from '../events.js';
// The element classes, for refs: `useRef<MantisChatElement>(null)`.
export type { AgentEnvelopeElement, MantisA2uiSurfaceElement, MantisArtifactPanelElement, MantisChatElement, MantisMediaItemElement, MantisUiViewElement };

/**
 * The events each element fires (its `@fires`), by tag: each is an `on…` prop of its component. A test checks them
 * against custom-elements.json, so a new event of an element cannot be missing here.
 */
export const ELEMENT_EVENTS = {
  'mantis-chat': [
    'mantis-send',
    'mantis-send-error',
    'mantis-message-complete',
    'mantis-message-interrupted',
    'mantis-citations',
    'mantis-history-change',
    'mantis-suggestions-request',
    'mantis-copy',
    'mantis-connection-change',
    'mantis-action',
    'mantis-action-request',
    'mantis-action-outcome',
    'mantis-protocol-error',
    'mantis-protocol-notice',
    'mantis-agent-state',
    'mantis-config-error',
    'mantis-view-error',
    'mantis-artifact-close',
    'mantis-artifact-panel-resize',
    'mantis-media-error',
    'mantis-a2ui-action',
    'mantis-a2ui-error',
    'mantis-a2ui-change',
    'mantis-envelope-status',
    'mantis-artifact-open',
  ],
  'mantis-ui-view': ['mantis-action', 'mantis-artifact-open', 'mantis-view-error', 'mantis-media-error'],
  'agent-envelope': ['mantis-envelope-status'],
  'mantis-artifact-panel': ['mantis-artifact-close', 'mantis-artifact-panel-resize', 'mantis-config-error'],
  'mantis-media-item': ['mantis-media-error'],
  'mantis-a2ui-surface': ['mantis-a2ui-action', 'mantis-a2ui-error', 'mantis-a2ui-function-answer', 'mantis-a2ui-function-call', 'mantis-a2ui-change', 'mantis-config-error'],
} as const satisfies Record<keyof HTMLElementTagNameMap & `${string}-${string}`, readonly MantisEventName[]>;

/** `<mantis-chat>`: the Composer. Set `url` (and `transport`), a `connection`, or a `session`; `messages` replays history. */
export const MantisChat = wrap('mantis-chat', MantisChatElement, ELEMENT_EVENTS['mantis-chat'], 'MantisChat');

/** `<mantis-ui-view>`: one validated view, set as `view`. */
export const MantisUiView = wrap('mantis-ui-view', MantisUiViewElement, ELEMENT_EVENTS['mantis-ui-view'], 'MantisUiView');

/** `<agent-envelope>`: one agent-ui@1 envelope, set as `envelope`. */
export const AgentEnvelope = wrap('agent-envelope', AgentEnvelopeElement, ELEMENT_EVENTS['agent-envelope'], 'AgentEnvelope');

/** `<mantis-artifact-panel>`: the artifact panel of a chat (`htmlFor`, its `for` attribute: the chat's id) or of a `store`. */
export const MantisArtifactPanel = wrap('mantis-artifact-panel', MantisArtifactPanelElement, ELEMENT_EVENTS['mantis-artifact-panel'], 'MantisArtifactPanel');

/** `<mantis-media-item>`: one item of the authenticated media store. */
export const MantisMediaItem = wrap('mantis-media-item', MantisMediaItemElement, ELEMENT_EVENTS['mantis-media-item'], 'MantisMediaItem');

/** `<mantis-a2ui-surface>`: an A2UI surface, fed A2UI `messages`. */
export const MantisA2uiSurface = wrap('mantis-a2ui-surface', MantisA2uiSurfaceElement, ELEMENT_EVENTS['mantis-a2ui-surface'], 'MantisA2uiSurface');
