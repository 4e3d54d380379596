import * as z from 'zod/mini';
import { LIMITS, TEXT_LIMITS } from '../limits.js';
import { integer } from './integer.js';
import { Id, Label } from './primitives.js';
import { PointTarget, Target } from './uris.js';

/*
 * The closed action union. An action is `{"id","type","label",…}`: data that names one of six narrow handlers,
 * never a URL or anything executable. Which of them a message may use depends on its marker (Ask is read-only).
 */

const FollowUpText = z.string().check(z.minLength(1), z.maxLength(TEXT_LIMITS.markdown));

export const NavigateAction = z.strictObject({ id: Id, type: z.literal('navigate'), label: Label, target: Target });

export const SummarizeAction = z.strictObject({ id: Id, type: z.literal('summarize'), label: Label, target: Target });

export const AddToBagAction = z
  .strictObject({
    id: Id,
    type: z.literal('add-to-bag'),
    label: Label,
    /** The points to add: canonical point URIs only. */
    targets: z.array(PointTarget).check(z.minLength(1), z.maxLength(LIMITS.bagPointRefs)),
    /** An existing bag, by ID. Never together with `bagName`; never auto-created. */
    bagId: z.optional(Id),
    /** An existing bag, by name. Never together with `bagId`; never auto-created. */
    bagName: z.optional(Label),
  })
  .check(
    z.refine((action) => !(action.bagId !== undefined && action.bagName !== undefined), {
      message: 'a bag action names a bag by ID or by name, never both',
      path: ['bagName'],
    }),
  );

export const RunTaskAction = z.strictObject({
  id: Id,
  type: z.literal('run-task'),
  label: Label,
  /** What the task should do, in words. */
  task: z.string().check(z.minLength(1), z.maxLength(TEXT_LIMITS.markdown)),
  /**
   * Generated tasks dispatch with the reserved task ID 0. Older protocol-v1 positive IDs are accepted for replay
   * and normalized to 0, so generated content can never complete an unrelated sidebar task.
   */
  taskId: z.optional(integer().check(z.nonnegative())),
  // (An overwrite, not a pipe into a transform: the same for two zod classes fewer in every bundle.)
}).check(z.overwrite((action) => ({ ...action, taskId: 0 })));

export const PrefillComposerAction = z.strictObject({ id: Id, type: z.literal('prefill-composer'), label: Label, text: FollowUpText });

export const SubmitFollowupAction = z.strictObject({ id: Id, type: z.literal('submit-followup'), label: Label, text: FollowUpText });

export const Action = z.discriminatedUnion('type', [
  NavigateAction,
  SummarizeAction,
  AddToBagAction,
  RunTaskAction,
  PrefillComposerAction,
  SubmitFollowupAction,
]);
export type Action = z.output<typeof Action>;
export type ActionType = Action['type'];

export const ACTION_TYPES: readonly ActionType[] = ['navigate', 'summarize', 'add-to-bag', 'run-task', 'prefill-composer', 'submit-followup'];

/** Up to four actions. Their IDs, like every ID in a view, are unique across the view (checked by validateView). */
export const Actions = z.array(Action).check(z.maxLength(LIMITS.actions));
