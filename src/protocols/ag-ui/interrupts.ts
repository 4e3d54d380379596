import type { InterruptField, InterruptPart, MantisPart } from '../../message/parts.js';
import type { RecordHandler } from '../module.js';
import { isObject, str } from './values.js';

/*
 * AG-UI interrupts: a run that finishes with `outcome: { type: "interrupt", interrupts }` waits for the user. Each
 * interrupt is a record of its reply (`interrupt`, keyed by its ID), shown where its tool call is or at the message,
 * answered from the UI (the answer is the same record, grown) and sent as a `resume` entry of the next run. Read as
 * leniently as any wire value: an interrupt without an ID is skipped; a `responseSchema` this chat cannot ask for as a
 * small form (anything but a flat object of strings, numbers, booleans and enums) gets no form; an `expiresAt` that
 * does not parse never expires.
 */

/** An interrupt as a record: the data of its part, under its ID (one shape, so the part is the record's data). */
export type InterruptRecord = { readonly type: 'interrupt'; readonly id: string } & InterruptPart['data'];


/** At most this many fields in a form, and choices in a field. */
const MAX_FIELDS = 20;
const MAX_CHOICES = 50;

/** One property of a flat schema as a form field; null when it is not one this chat can ask for. */
function fieldOf(name: string, schema: unknown, required: boolean): InterruptField | null {
  if (!isObject(schema) || name.length === 0 || name.length > 64) return null;
  const label = str(schema['title'], 200) ?? name;
  const choices = schema['enum'];
  if (Array.isArray(choices)) {
    const options = choices.filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= 200);
    return options.length === choices.length && options.length > 0 && options.length <= MAX_CHOICES ? { name, label, kind: 'choice', required, options } : null;
  }
  const kinds: Readonly<Record<string, InterruptField['kind']>> = { string: 'text', number: 'number', integer: 'number', boolean: 'boolean' };
  const kind = typeof schema['type'] === 'string' ? kinds[schema['type']] : undefined;
  return kind ? { name, label, kind, required } : null;
}

/**
 * The form a `responseSchema` asks for: one field per property of a flat object schema; undefined when the schema is
 * absent or not one this chat can ask for (the interrupt is then answered without a payload).
 */
export function formOf(schema: unknown): readonly InterruptField[] | undefined {
  if (!isObject(schema) || schema['type'] !== 'object' || !isObject(schema['properties'])) return undefined;
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  const entries = Object.entries(schema['properties']);
  if (entries.length > MAX_FIELDS) return undefined;
  const fields = entries.map(([name, property]) => fieldOf(name, property, required.includes(name)));
  return fields.every((f): f is InterruptField => f !== null) ? fields : undefined;
}

/** A parseable `expiresAt`, in milliseconds since the epoch. */
function expiry(value: unknown): number | undefined {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? at : undefined;
}

/** The records of a `RUN_FINISHED` outcome's interrupts (`run`: the run that asked). */
export function interruptRecords(interrupts: readonly unknown[], run: string): InterruptRecord[] {
  return interrupts.flatMap((value): InterruptRecord[] => {
    if (!isObject(value)) return [];
    // The agent asks; only the user answers (Thread.update, from the session): an `answer` on the wire is left behind.
    const record = interrupt.read({ ...value, answer: undefined, type: 'interrupt', run, fields: formOf(value['responseSchema']), expiresAt: expiry(value['expiresAt']) });
    return record ? [record] : [];
  });
}

const STATUSES: ReadonlySet<unknown> = new Set(['resolved', 'cancelled']);

const KINDS: ReadonlySet<unknown> = new Set(['text', 'number', 'boolean', 'choice']);

/** A stored form field, checked as the form made it. */
function readField(f: unknown): InterruptField | null {
  if (!isObject(f)) return null;
  const name = str(f['name'], 64);
  const label = str(f['label'], 200);
  const kind = f['kind'] as InterruptField['kind'];
  if (!name || !label || !KINDS.has(kind)) return null;
  const field: InterruptField = { name, label, kind, required: f['required'] === true };
  if (kind !== 'choice') return field;
  const options = Array.isArray(f['options']) ? f['options'] : [];
  const kept = options.filter((o): o is string => typeof o === 'string' && o.length > 0 && o.length <= 200);
  return kept.length > 0 && kept.length <= MAX_CHOICES && kept.length === options.length ? { ...field, options: kept } : null;
}

function readFields(value: unknown): readonly InterruptField[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_FIELDS) return undefined;
  const fields = value.map(readField);
  return fields.every((f): f is InterruptField => f !== null) ? fields : undefined;
}

/** The `interrupt` record: a stored one is read as leniently as the wire's. */
export const interrupt: RecordHandler<InterruptRecord> = {
  read(value) {
    if (!isObject(value)) return null;
    const id = str(value['id'], 128);
    if (!id) return null;
    const message = str(value['message'], 2000);
    const toolCallId = str(value['toolCallId'], 128);
    const fields = readFields(value['fields']);
    const expiresAt = typeof value['expiresAt'] === 'number' && Number.isFinite(value['expiresAt']) ? value['expiresAt'] : undefined;
    const answer = isObject(value['answer']) && STATUSES.has(value['answer']['status']) ? (value['answer'] as InterruptRecord['answer']) : undefined;
    return {
      type: 'interrupt',
      id,
      reason: str(value['reason'], 200) ?? 'input',
      run: str(value['run'], 128) ?? 'run',
      ...(message ? { message } : {}),
      ...(toolCallId ? { toolCallId } : {}),
      ...(fields ? { fields } : {}),
      ...(expiresAt === undefined ? {} : { expiresAt }),
      ...(answer ? { answer: answer.payload === undefined ? { status: answer.status } : { status: answer.status, payload: answer.payload } } : {}),
    };
  },
  apply(record, editor) {
    const { type: _record, id, ...data } = record;
    const part: InterruptPart = { type: 'data-mantis-interrupt', id, data };
    return editor.upsert(part, (p: MantisPart) => p.type === 'data-mantis-interrupt' && p.id === id);
  },
  key: (record) => record.id,
  // The answer grows the interrupt; the question stands as it was asked, and one asked again keeps its answer.
  merge: (previous, next) => (next.answer ? { ...previous, answer: next.answer } : { ...next, ...(previous.answer ? { answer: previous.answer } : {}) }),
};
