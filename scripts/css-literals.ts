// The text of Lit's css`` and html`` templates without what a browser ignores, for the builds (vite.config.ts,
// cssLiterals): CSS comments and indentation; a template's indentation.

/**
 * A css`` template's static text: no comments, no indentation, and no white space around `{`, `}`, `;` and `,` or
 * after `:`, where CSS never needs any (our styles hold no string or url() with such white space inside).
 */
const minifyCss = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\n\s*/g, '\n')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/:\s+/g, ':');

/**
 * An html`` template's static text: the white space after each line break becomes the line break alone. Between
 * tags and in text that is the same white space to the browser (one space); only where white space is kept
 * (`<pre>`, `white-space: pre-wrap`) would it show: there our templates keep the element's content on one line.
 */
const minifyHtml = (text: string): string => text.replace(/\n\s*/g, '\n');

/**
 * Each template tagged `tag` in `code` with its static text passed through `minify`; the `${…}` inside it are copied
 * as they are, except that templates in them are minified too.
 */
function minifyTagged(code: string, tag: string, minify: (text: string) => string): string {
  let out = '';
  let at = 0;
  for (let start = code.indexOf(tag); start !== -1; start = code.indexOf(tag, at)) {
    out += code.slice(at, start + tag.length);
    let i = start + tag.length;
    let text = '';
    const flush = (): void => {
      out += minify(text);
      text = '';
    };
    while (i < code.length && code[i] !== '`') {
      if (code[i] === '\\') {
        text += code.slice(i, i + 2);
        i += 2;
      } else if (code.startsWith('${', i)) {
        flush();
        // An expression: up to its matching brace, its own templates minified.
        let depth = 0;
        const from = i;
        for (; i < code.length; i++) {
          if (code[i] === '{') depth++;
          else if (code[i] === '}' && --depth === 0) break;
        }
        out += minifyTagged(code.slice(from, i + 1), tag, minify);
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

/** Each css`` template of `code` with its static text minified (see cssLiterals). */
export const minifyCssLiterals = (code: string): string => minifyTagged(code, 'css`', minifyCss);

/** Each html`` template of `code` with its indentation removed (see cssLiterals). */
export const minifyHtmlLiterals = (code: string): string => minifyTagged(code, 'html`', minifyHtml);
