/*
 * The props schemas of the reference server's two panels (demo/server/agent-ui.ts UI_REGISTRY), as examples of what
 * a host registers: 001 "view_history parameters must include start_time and end_time ISO8601 timestamps with
 * start_time < end_time".
 */
import * as z from 'zod/mini';
import { isoInstant } from '../../schema/json-shapes.js';
import { nameOf } from './envelope.js';
import { AGENT_UI_PATTERNS as P } from './limits.js';

/** An ISO 8601 date and time with its zone (`Z` or `+08:00`): a time without a zone means different instants. */
const Instant = isoInstant();

/** HistoryPanel: a time window, start strictly before end. */
export const HistoryPanelProps = z
  .strictObject({ start_time: Instant, end_time: Instant })
  .check(
    z.refine((props) => Date.parse(props.start_time) < Date.parse(props.end_time), {
      message: 'start_time must be before end_time',
      path: ['end_time'],
    }),
  );
export type HistoryPanelPropsValue = z.output<typeof HistoryPanelProps>;

/** What a ScadaPanel may show. */
export const SCADA_METRICS = ['pressure', 'flow', 'level', 'temperature', 'quality'] as const;

/** ScadaPanel: one station and, optionally, some of its metrics (each at most once; all when absent). */
export const ScadaPanelProps = z.strictObject({
  station_id: nameOf(P.id),
  metrics: z.optional(
    z
      .array(z.literal(SCADA_METRICS))
      .check(z.minLength(1), z.maxLength(SCADA_METRICS.length), z.refine((metrics) => new Set(metrics).size === metrics.length, 'each metric once')),
  ),
});
export type ScadaPanelPropsValue = z.output<typeof ScadaPanelProps>;
