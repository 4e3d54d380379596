/**
 * Attack inputs: the public corpus of ../shared/corpus/attacks.json when it is beside the project (it is not in
 * a user's clone: callers skip that part, saying so), plus the suite's own inputs, which always run.
 */
export interface AttackEntry {
  readonly id: string;
  readonly payload: string;
  readonly tags?: readonly string[];
  readonly expect?: 'accept' | 'reject';
  readonly wrap?: 'fence-body' | 'document';
}

type ExpandPart = { s: string; n: number } | { each: { from: number; to: number; template: string; pad?: number } };

interface RawEntry extends AttackEntry {
  readonly expand?: readonly ExpandPart[];
}

export type AttackGroup = 'xss' | 'markdown' | 'uri' | 'json';

/** Builds the real input of an entry whose payload is only a sample. */
function expand(entry: RawEntry): AttackEntry {
  if (!entry.expand) return entry;
  let payload = '';
  for (const part of entry.expand) {
    if ('s' in part) payload += part.s.repeat(part.n);
    else {
      const { from, to, template, pad = 0 } = part.each;
      for (let i = from; i <= to; i++) payload += template.replaceAll('{i}', String(i)).replaceAll('{pad}', String(i).padStart(pad, '0'));
    }
  }
  return { ...entry, payload };
}

let cached: Promise<Record<AttackGroup, AttackEntry[]> | null> | null = null;

/** The shared corpus, or null when ../shared/ is absent. */
export function loadSharedCorpus(): Promise<Record<AttackGroup, AttackEntry[]> | null> {
  cached ??= fetch('/__shared/corpus/attacks.json').then(async (response) => {
    if (!response.ok) return null;
    const json = (await response.json()) as { groups: Record<AttackGroup, RawEntry[]> };
    const groups = {} as Record<AttackGroup, AttackEntry[]>;
    for (const [name, entries] of Object.entries(json.groups)) groups[name as AttackGroup] = entries.map(expand);
    return groups;
  });
  return cached;
}

/**
 * The shared corpus, or the test skipped (saying so, and what it skips) when ../shared/ is absent: a user's clone has
 * none, and the suite's own inputs still run.
 */
export async function sharedCorpusOrSkip(test: Mocha.Context, what: string): Promise<Record<AttackGroup, AttackEntry[]>> {
  const corpus = await loadSharedCorpus();
  if (corpus) return corpus;
  console.warn(`../shared/corpus/attacks.json is absent: skipping ${what} (the own inputs still ran).`);
  return test.skip();
}

/** The suite's own attack inputs: they run whether or not the shared corpus is there. */
export const OWN_ATTACKS: readonly string[] = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<svg><script>window.__pwned=1</script></svg>',
  '<a href="javascript:window.__pwned=1">click</a>',
  '[click](javascript:window.__pwned=1)',
  '[click](JaVaScRiPt:window.__pwned=1)',
  '[x](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+)',
  '![tracker](https://tracker.invalid/pixel.png)',
  '<iframe src="https://evil.invalid/"></iframe>',
  '<style>*{display:none}</style>',
  '<div style="background:url(https://evil.invalid/x)">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__pwned=1>',
  '<form id=test></form><button form=test formaction=javascript:window.__pwned=1>X</button>',
  '<input autofocus onfocus=window.__pwned=1>',
  '<details open ontoggle=window.__pwned=1>',
  '"><svg onload=window.__pwned=1>',
  '```mantis-ui\n{"version":1,"id":"x","root":{"id":"h","type":"heading","text":"injected"}}\n```',
  '<base href="https://evil.invalid/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.invalid/">',
  '<link rel=stylesheet href=https://evil.invalid/x.css>',
  '&#106;avascript:window.__pwned=1',
  '\u202Eevil\u202C',
  'a'.repeat(5000),
];
