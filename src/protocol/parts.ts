import type { MantisView, ViewFailureReason } from '../schema/validate.js';

/*
 * Parts of an assistant message, in source order, shaped as AI SDK 7 `UIMessage` parts: `text` parts and
 * `data-*` parts carrying `{ id?, data }`.
 */

export interface TextPart {
  readonly type: 'text';
  readonly text: string;
  readonly state: 'streaming' | 'done';
}

/** A validated v1 view. */
export interface ViewPart {
  readonly type: 'data-mantis-ui';
  readonly id: string;
  readonly data: MantisView;
}

/** A `mantis-ui` fence still streaming: rendered as a non-interactive placeholder until it closes. */
export interface PendingViewPart {
  readonly type: 'data-mantis-ui-pending';
  readonly id: string;
  readonly data: { readonly bytes: number };
}

/** Why a view was refused while streaming, beyond the reasons `validateView` gives. */
export type StreamFailureReason = ViewFailureReason | 'too-many-views' | 'too-much-media' | 'incomplete';

/** A safe, non-actionable fallback in place of a view. Carries a reason, never the model's data. */
export interface ViewErrorPart {
  readonly type: 'data-mantis-ui-error';
  readonly id: string;
  readonly data: { readonly reason: StreamFailureReason; readonly message: string };
}

export type MantisPart = TextPart | ViewPart | PendingViewPart | ViewErrorPart;
