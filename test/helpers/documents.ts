/** Realistic assistant Markdown: headings, inline marks, nested lists, code, tables, quotes, links. */
export const MIXED_DOCUMENTS: readonly string[] = [
  `# Findings

The **densest** cluster has *128 points* and \`3\` outliers. See [the map](https://example.com/map).

1. First item
2. Second item
   - nested *emphasis*
   - nested \`code\`
3. Third item

> A quote that
continues lazily.

| Name | Points |
|------|-------:|
| A    | 12     |
| B    | 7      |

\`\`\`js
const total = items.reduce((a, b) => a + b, 0);
\`\`\`

Setext heading
--------------

Final paragraph with ~~strike~~ and a footnote-like [ref][r].

[r]: https://example.com/ref
`,
  `Short answer.

- one
- two

  continued after a blank line

- three
`,
  `No trailing newline, **bold** end`,
  `~~~
tilde fence
~~~
Then text.
***
After a rule.`,
];
