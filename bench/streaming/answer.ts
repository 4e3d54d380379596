/** A realistic assistant answer of about `bytes` characters: headings, lists, code, tables, links, quotes, views. */
export function realisticAnswer(bytes: number): string {
  const sections: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const view = JSON.stringify({
      version: 1,
      id: `v${i}`,
      root: {
        id: `s${i}`,
        type: 'stack',
        children: [
          { id: `h${i}`, type: 'heading', text: `Cluster ${i}` },
          { id: `m${i}`, type: 'metric-group', metrics: [{ id: `p${i}`, label: 'Points', value: String(100 + i) }] },
        ],
      },
    });
    const section = `## Section ${i}

The cluster **${i}** holds *representative* records; see [the source](https://example.com/${i}) and \`item_${i}\`.
It continues over a second line with ~~old~~ new figures.

1. First finding of section ${i}
2. Second finding, with a nested list:
   - detail *a*
   - detail \`b\`

> A quoted observation about cluster ${i}.

| Metric | Value |
|--------|------:|
| points | ${i * 3} |
| share  | 0.${i % 10} |

\`\`\`ts
const cluster${i} = records.filter((r) => r.cluster === ${i});
\`\`\`
${i % 4 === 0 ? `\n\`\`\`mantis-ui\n${view}\n\`\`\`\n` : ''}
`;
    sections.push(section);
    size += section.length;
  }
  return sections.join('\n');
}
