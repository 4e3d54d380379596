// The text of Lit's css`` templates without CSS comments and indentation, for the builds (vite.config.ts, cssLiterals).

/** Each css`` template of `code` with its static text minified (see cssLiterals). */
export function minifyCssLiterals(code: string): string {
  let out = '';
  let at = 0;
  for (let start = code.indexOf('css`'); start !== -1; start = code.indexOf('css`', at)) {
    out += code.slice(at, start + 4);
    let i = start + 4;
    let text = '';
    const flush = (): void => {
      out += text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\n\s*/g, '\n');
      text = '';
    };
    while (i < code.length && code[i] !== '`') {
      if (code[i] === '\\') {
        text += code.slice(i, i + 2);
        i += 2;
      } else if (code.startsWith('${', i)) {
        flush();
        // An expression, copied as it is: up to its matching brace.
        let depth = 0;
        const from = i;
        for (; i < code.length; i++) {
          if (code[i] === '{') depth++;
          else if (code[i] === '}' && --depth === 0) break;
        }
        out += code.slice(from, i + 1);
        i++;
      } else {
        text += code[i];
        i++;
      }
    }
    flush();
    at = i;
  }
  return out + code.slice(at);
}
