/* How the AG-UI module reads loose values of the wire: each field by its own check. */

export type Loose = Readonly<Record<string, unknown>>;

/** An object that is not an array. */
export const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string of 1 to `max` characters, else undefined. */
export const str = (value: unknown, max = 256): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);

/** A tool call's arguments or result: JSON when it parses, else the text as it came; nothing for no text. */
export function parseArgs(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
