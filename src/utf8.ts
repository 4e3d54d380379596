/**
 * UTF-8 byte length of a JS string without allocating. A surrogate pair counts 4 bytes, and each half is counted
 * on its own (high 4, low 0), so a pair split across two streamed chunks sums to the same length as when whole.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) bytes += 4;
    else if (code >= 0xdc00 && code <= 0xdfff) bytes += 0;
    else bytes += 3;
  }
  return bytes;
}
