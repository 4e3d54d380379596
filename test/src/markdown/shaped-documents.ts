/**
 * Markdown whose open block grows large: code fences, lists, tables and long paragraphs, alone and mixed, with the
 * edge cases of each (indented and tilde fences, loose and nested lists, task items, ragged rows, lazy lines,
 * hard breaks, emphasis across lines). Shared by the splitter and renderer tests.
 */
export const SHAPED_DOCUMENTS: readonly string[] = [
  '```js\nconst a = 1;\n\n  <b>not html</b> & more\n```\nAfter.\n',
  '  ```\n   three\n  two\n one\n  ```\n',
  '~~~~\n```\nstill code\n~~~\n~~~~~ \n\n\nNext paragraph\n',
  '```\nunclosed\nfence',
  '```\n```\n',
  '```\n\n```',
  '- one\n- two *em*\n  - nested\n  - nested 2\n- three [l](https://example.com)\n\nAfter the list.\n',
  '- tight\n- becomes\n\n- loose\n- here\n',
  '1. one\n2. two\n\n   continued in two\n3. three\n',
  '3) three\n4) four\n5) five',
  '- [ ] task\n- [x] done\n\n- [ ] loose task\n',
  '* a\n* b\n+ other list\n+ c\n',
  '- a\n\n\n- b\n',
  '- a\nlazy continuation\n- b\n    code in item?\n- c\n---\n',
  '- ```\n  code in item\n  ```\n- after\n',
  '| Name | Points |\n|:-----|------:|\n| A | 12 |\n| B | **7** |\n| C |\n| D | 1 | extra |\nnot a row? still a row\n\nAfter the table.\n',
  '| a |\n|---|\n| 1 |\n- list ends the table\n',
  'a | b\n--|--\n1 | 2\n3 | 4',
  'First line of a paragraph with *emphasis* and `code`.\nSecond line with a [link](https://example.com/x).\nThird line *opens\nand closes* here.\nFourth line with a hard break  \nFifth line with a backslash break\\\nSixth line www.example.com\nLast line.\n',
  'Para line one.\nPara line two.\nSetext heading!\n---\nAfter.\n',
  'Para one.\nPara two.\n===\n',
  'Para with table header\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  'Para **bold\nacross** lines.\nMore `code\nacross` lines.\nEnd [link\ntext](https://e.com) done.\n\nNext.\n',
  'A paragraph\n  with indented\n    continuation\n2. not a list\nend\n',
  '# Heading\n\nText.\n\n- a\n- b\n\n| x |\n|---|\n| 1 |\n\n```\ncode\n```\nMore text.\nAnd more.\n',
  'Trailing spaces   \nline  \n\n',
];

/** Lines from which generated documents are built (fast-check picks and repeats them). */
export const LINE_PIECES: readonly string[] = [
  '- item *a*\n', '- item\n', '  - nested\n', '    - deeper\n', '1. one\n', '2. two\n', '3) three\n', '* star\n', '- [ ] task\n',
  '\n', '\n', '  \n',
  '| a | b |\n', '|---|:-:|\n', '| 1 | **2** |\n', '| x |\n',
  '```\n', '```js\n', '~~~\n', '  ```\n', '    indented\n', 'code();\n', '<b>x</b> & y\n',
  'Para text with `code` and [l](https://e.com).\n', 'more *emph\n', 'asis* end\n', 'words **strong** words\n',
  'Hard break  \n', 'back\\\n', 'www.example.com\n', 'see [d] ref\n', '_under_ score\n', '~~del~~ and ~one~\n',
  '[d]: https://example.com/d\n', '# Head\n', '> quote\n', '---\n', '===\n', '  continued\n', 'plain words\n',
  'no newline', 'half **bo', 'open [li',
];

const line = (i: number) => `Line ${i} of a long paragraph, with *emphasis*, \`code\` and a [link](https://example.com/${i}).\n`;

/** One block each, tens of KB: streamed, their per-chunk work must not grow with them. */
export const BIG_BLOCKS: Readonly<Record<string, string>> = {
  'a 20,000-line code fence': `\`\`\`js\n${Array.from({ length: 20_000 }, (_, i) => `x${i};\n`).join('')}\`\`\`\n`,
  'a 2,000-item list': Array.from({ length: 2_000 }, (_, i) => `- item ${i} with *emphasis*\n`).join(''),
  'a 1,000-row table': `| n | name | value |\n|---|:----|----:|\n${Array.from({ length: 1_000 }, (_, i) => `| ${i} | row **${i}** | ${i * 2} |\n`).join('')}`,
  'a long paragraph': Array.from({ length: 400 }, (_, i) => line(i)).join(''),
};
