/**
 * The suite's own hostile corpus: adversarial Markdown shapes of a given size, as a compromised or looping backend
 * could stream them (issue 10). Each generator returns exactly `chars` characters (UTF-16 code units). Pure data:
 * the browser tests (test/elements/mantis-chat/hostile.test.ts) and the bench (bench/streaming/hostile.ts) share it.
 */

export interface HostileShape {
  /** A short name for test titles and the bench's table. */
  readonly name: string;
  /** What it is, for people. */
  readonly description: string;
  /** The text, exactly `chars` characters long. */
  readonly generate: (chars: number) => string;
}

/** `head`, then `unit(0)`, `unit(1)`, … until there are `chars` characters; cut to exactly `chars`. */
function fill(chars: number, unit: (i: number) => string, head = ''): string {
  const pieces: string[] = [head];
  let length = head.length;
  for (let i = 0; length < chars; i++) {
    const piece = unit(i);
    pieces.push(piece);
    length += piece.length;
  }
  return pieces.join('').slice(0, chars);
}

/** The same number of characters as one plain paragraph: the baseline the bench compares each shape with. */
export const plainParagraph = (chars: number): string =>
  fill(chars, (i) => `Plain words in one long paragraph, sentence ${i} of it, with nothing special in it at all.${i % 2 ? '\n' : ' '}`);

export const HOSTILE_SHAPES: readonly HostileShape[] = [
  {
    name: 'many list items',
    description: 'one flat bulleted list of very many items',
    generate: (chars) => fill(chars, (i) => `- item ${i}\n`),
  },
  {
    name: 'deep list',
    description: 'lists nested 100 deep by indentation, again and again',
    generate: (chars) => fill(chars, (i) => `${'  '.repeat(i % 100)}- level ${i % 100}\n`),
  },
  {
    name: 'deep list markers',
    description: 'list markers on one line (`- - - - …`): one list nested as deep as the text is long',
    generate: (chars) => fill(chars, () => '- '),
  },
  {
    name: 'deep quote',
    description: 'block quote markers (`>>>>…`): one quote nested as deep as the text is long',
    generate: (chars) => fill(chars, (i) => (i % 1000 === 999 ? '>\n' : '>')),
  },
  {
    name: 'table rows',
    description: 'one GFM table of very many rows',
    generate: (chars) => fill(chars, (i) => `| ${i} | cell | **bold** |\n`, '| n | a | b |\n|---|---|---|\n'),
  },
  {
    name: 'table columns',
    description: 'one GFM table of very many columns (a few rows, each a few thousand cells)',
    generate: (chars) => {
      const columns = Math.max(1, Math.floor(chars / 40));
      return fill(chars, () => `${'| x '.repeat(columns)}|\n`, `${'| h '.repeat(columns)}|\n${'|---'.repeat(columns)}|\n`);
    },
  },
  {
    name: 'long line',
    description: 'one paragraph that is a single line, no line break at all',
    generate: (chars) => fill(chars, (i) => `word${i % 10} `),
  },
  {
    name: 'entity flood',
    description: '`&amp;` again and again',
    generate: (chars) => fill(chars, () => '&amp;'),
  },
  {
    name: 'combining marks',
    description: 'letters each carrying 200 combining marks (Zalgo text)',
    generate: (chars) => fill(chars, (i) => `${i % 2 ? 'a' : 'e'}${'\u0301\u0316\u0337'.repeat(67)}${i % 20 === 19 ? '\n' : ''}`),
  },
  {
    name: 'lone carriage returns',
    description: 'lines ended by CR alone (one line to the view parser, many to Markdown), with view fences among them',
    generate: (chars) => fill(chars, (i) => (i % 50 === 0 ? '```mantis-ui\r{"version":1}\r```\r' : `line ${i}\r`)),
  },
  {
    name: 'backtick runs',
    description: 'backtick runs of many lengths: code spans that never close',
    generate: (chars) => fill(chars, (i) => `${'`'.repeat((i % 40) + 1)} x `),
  },
  {
    name: 'unclosed fence',
    description: 'a code fence opened and never closed, followed by everything else',
    generate: (chars) => fill(chars, (i) => `const line${i} = ${i}; // code\n`, '```js\n'),
  },
  {
    name: 'link nesting',
    description: 'brackets opened and never closed (`[[[[…`), then links nested in links',
    generate: (chars) => {
      const half = Math.floor(chars / 2);
      return fill(half, () => '[') + fill(chars - half, (i) => `[a${i}](https://example.com/${i}) `, '[x](');
    },
  },
  {
    name: 'emphasis nesting',
    description: 'emphasis delimiters that alternate and never match (`*_*_…`)',
    generate: (chars) => fill(chars, (i) => (i % 500 === 499 ? '*_\n' : '*_')),
  },
  {
    name: 'reference definitions',
    description: 'a flood of link reference definitions, with references to them among them',
    generate: (chars) => fill(chars, (i) => (i % 10 === 9 ? `See [r${i - 1}] and [r${i - 5}][].\n\n` : `[r${i}]: https://example.com/${i} "t${i}"\n`)),
  },
  {
    name: 'view openers',
    description: '`mantis-ui` fence openers, again and again, never closed',
    generate: (chars) => fill(chars, (i) => (i % 2 ? '```mantis-ui\n' : '~~~mantis-ui\n')),
  },
  {
    name: 'closed view fences',
    description: 'tiny invalid `mantis-ui` fences, again and again: far more than the views a message may have',
    generate: (chars) => fill(chars, (i) => `\`\`\`mantis-ui\n{"version":1,"id":"v${i}"}\n\`\`\`\n`),
  },
];
