import { expect } from '@open-wc/testing';
import * as z from 'zod';
import { INLINE_UI_EXAMPLES } from '../../../src/prompt/index.js';
import {
  LIMITS,
  NODE_DEFINITIONS,
  NODE_TYPES,
  mediaCount,
  nestedIds,
  validateView,
  type LeafDefinition,
  type LeafNode,
} from '../../../src/index.js';
import { Id, Label } from '../../../src/schema/primitives.js';
import { createViewValidator } from '../../../src/catalog/validate.js';

const view = (root: unknown) => ({ version: 1, id: 'v', root });
const heading = (id: string, text = 'Title') => ({ id, type: 'heading', text });

describe('validateView', () => {
  it('accepts a valid heading and returns it typed', () => {
    const result = validateView(view({ ...heading('h1'), level: 2 }));
    expect(result.ok).to.equal(true);
    if (result.ok) expect(result.view.root).to.deep.equal({ id: 'h1', type: 'heading', text: 'Title', level: 2 });
  });

  it('accepts JSON text, as found in a fence', () => {
    expect(validateView(JSON.stringify(view(heading('h')))).ok).to.equal(true);
  });

  it('rejects text that is not JSON', () => {
    const result = validateView('{"version":1,');
    expect(result).to.deep.include({ ok: false, reason: 'not-json' });
  });

  it('rejects an unknown version before looking at anything else', () => {
    const result = validateView({ version: 2, id: 'v', root: heading('h') });
    expect(result).to.deep.include({ ok: false, reason: 'unsupported-version' });
  });

  it('rejects unknown keys on the envelope and on nodes', () => {
    expect(validateView({ ...view(heading('h')), html: '<b>' })).to.deep.include({ ok: false, reason: 'invalid-envelope' });
    const result = validateView(view({ ...heading('h'), style: 'color:red' }));
    expect(result).to.deep.include({ ok: false, reason: 'invalid-root' });
    if (!result.ok) expect(result.issues.map((i) => i.path)).to.deep.equal(['/root']);
  });

  it('rejects an unknown component at the root', () => {
    expect(validateView(view({ id: 'x', type: 'iframe', src: 'https://evil.invalid' }))).to.deep.include({
      ok: false,
      reason: 'invalid-root',
    });
  });

  it('reports problems as JSON pointers', () => {
    const result = validateView(view({ id: 'h', type: 'heading', text: '' }));
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.issues[0]?.path).to.equal('/root/text');
  });

  it('replaces an invalid child of a stack with an inert placeholder and keeps its valid siblings', () => {
    const result = validateView(
      view({
        id: 's',
        type: 'stack',
        children: [heading('a'), { id: 'b', type: 'heading', text: 'x', onclick: 'alert(1)' }, { id: 'c', type: 'callout', body: 'ok' }],
      }),
    );
    expect(result.ok).to.equal(true);
    if (!result.ok || result.view.root.type !== 'stack') throw new Error('expected a stack');
    expect(result.view.root.children.map((c) => c.type)).to.deep.equal(['heading', 'invalid', 'callout']);
    expect(JSON.stringify(result.view.root.children[1])).not.to.contain('alert');
    expect(result.issues.map((i) => i.path)).to.deep.equal(['/root/children/1']);
  });

  it('rejects reserved and duplicate IDs', () => {
    expect(validateView(view(heading('root'))).ok).to.equal(false);
    expect(validateView(view(heading('__proto__'))).ok).to.equal(false);
    expect(validateView(view(heading('mantis-x'))).ok).to.equal(false);
    const result = validateView(view({ id: 's', type: 'stack', children: [heading('a'), heading('a')] }));
    if (!result.ok || result.view.root.type !== 'stack') throw new Error('expected a stack');
    expect(result.view.root.children.map((c) => c.type)).to.deep.equal(['heading', 'invalid']);
  });

  it('holds the byte limit at its boundary', () => {
    const base = JSON.stringify(view(heading('h', 'x')));
    const pad = (bytes: number) => `${base}${' '.repeat(bytes - base.length)}`;
    expect(validateView(pad(LIMITS.viewBytes)).ok).to.equal(true);
    expect(validateView(pad(LIMITS.viewBytes + 1))).to.deep.include({ ok: false, reason: 'too-large' });
  });

  it('counts multi-byte characters as UTF-8 bytes', () => {
    const base = JSON.stringify(view(heading('h', 'é')));
    const text = `${base}${' '.repeat(LIMITS.viewBytes - base.length)}`; // é is 2 bytes: one byte over
    expect(validateView(text)).to.deep.include({ ok: false, reason: 'too-large' });
  });

  it('holds the fan-out limit at its boundary', () => {
    const children = (n: number) => Array.from({ length: n }, (_, i) => heading(`h${i}`));
    expect(validateView(view({ id: 's', type: 'stack', children: children(LIMITS.fanOut) })).ok).to.equal(true);
    expect(validateView(view({ id: 's', type: 'stack', children: children(LIMITS.fanOut + 1) }))).to.deep.include({
      ok: false,
      reason: 'too-large',
    });
  });

  it('makes a nested container with too many children an inert warning beside its siblings', () => {
    const children = (n: number) => Array.from({ length: n }, (_, i) => heading(`c${i}`));
    const result = validateView(view({ id: 's', type: 'stack', children: [heading('h'), { id: 'g', type: 'grid', children: children(LIMITS.fanOut + 1) }] }));
    if (!result.ok || result.view.root.type !== 'stack') throw new Error('expected a salvaged stack');
    expect(result.view.root.children).to.deep.equal([heading('h'), { type: 'invalid', reason: 'too many children' }]);
    expect(result.issues).to.deep.equal([{ path: '/root/children/1', message: `over ${LIMITS.fanOut} children` }]);
  });

  it('holds the depth limit at its boundary (the root is depth 1): a child too deep is an inert warning beside its siblings', () => {
    const nest = (depth: number): unknown =>
      depth === 1 ? heading(`h${depth}`) : { id: `s${depth}`, type: 'stack', children: [nest(depth - 1)] };
    expect(validateView(view(nest(LIMITS.depth))).ok).to.equal(true);
    const result = validateView(view({ id: 'top', type: 'stack', children: [heading('title'), nest(LIMITS.depth), heading('after')] }));
    if (!result.ok || result.view.root.type !== 'stack') throw new Error('expected a salvaged stack');
    expect(result.view.root.children.map((c) => c.type)).to.deep.equal(['heading', 'stack', 'heading']);
    const path = `/root/children/1${'/children/0'.repeat(LIMITS.depth - 1)}`;
    expect(result.issues).to.deep.equal([{ path, message: `deeper than ${LIMITS.depth} levels` }]);
    let deepest: unknown = result.view.root.children[1];
    for (let level = 2; level <= LIMITS.depth; level++) deepest = (deepest as { children: unknown[] }).children[0];
    expect(deepest).to.deep.equal({ type: 'invalid', reason: 'too deep' });
  });

  it('never throws, whatever it is given', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const input of [undefined, null, 0, '', '[]', 'null', [], cyclic, { version: 1 }, Symbol('x'), () => 1]) {
      expect(() => validateView(input)).not.to.throw();
      expect(validateView(input).ok).to.equal(false);
    }
  });
});

/*
 * A component that is not in the catalog, as a future one would be added: one record, nothing else. Its IDs sit
 * where no current component keeps them (an object field, and an array inside an array's objects).
 */
const TimelineSchema = z.strictObject({
  id: Id,
  type: z.literal('timeline'),
  legend: z.strictObject({ id: Id, label: Label }).optional(),
  events: z.array(z.strictObject({ id: Id, label: Label, links: z.array(z.strictObject({ id: Id, label: Label })).max(4).optional() })).min(1).max(8),
  photos: z.array(z.strictObject({ id: Id, label: Label })).max(LIMITS.mediaPerMessage + 1).optional(),
});
const timelineDefinition: LeafDefinition<'timeline', typeof TimelineSchema> = {
  type: 'timeline',
  kind: 'leaf',
  schema: TimelineSchema,
  media: (node) => node.photos?.length ?? 0,
};
const validateWithTimeline = createViewValidator({ ...NODE_DEFINITIONS, timeline: timelineDefinition });

const timeline = (ids: { legend?: string; events?: string[]; link?: string } = {}) => ({
  id: 'tl',
  type: 'timeline',
  ...(ids.legend ? { legend: { id: ids.legend, label: 'Legend' } } : {}),
  events: (ids.events ?? ['e1', 'e2']).map((id, index) => ({
    id,
    label: `Event ${index}`,
    ...(index === 0 && ids.link ? { links: [{ id: ids.link, label: 'Link' }] } : {}),
  })),
});

/** Where an object with a string `id` sits in a value, as paths: the test's own walk, not the validator's. */
function idPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => idPaths(item, [...path, index]));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own = path.length > 0 && typeof record.id === 'string' ? [[...path, 'id']] : [];
  return [...own, ...Object.entries(record).flatMap(([key, item]) => idPaths(item, [...path, key]))];
}

function withValue<T>(value: T, path: readonly (string | number)[], replacement: unknown): T {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = replacement;
  return copy as T;
}

describe('nested IDs', () => {
  it('nestedIds finds the ID of every nested object, through any path, for any component', () => {
    // The old per-component switch knew only the catalog's own fields, and returned [] for anything else.
    const node = timeline({ legend: 'lg', events: ['e1', 'e2'], link: 'l1' }) as unknown as LeafNode;
    expect(nestedIds(node)).to.have.members(['lg', 'e1', 'l1', 'e2']);
    expect(nestedIds(node)).not.to.include('tl');
  });

  it('checks the nested IDs of a component added to the catalog, with no code of its own', () => {
    const ok = validateWithTimeline(view(timeline({ legend: 'lg', link: 'l1' })));
    expect(ok.ok, JSON.stringify(ok)).to.equal(true);
    const duplicates = [
      timeline({ legend: 'e1' }), // an object field against an array item
      timeline({ link: 'e2' }), // an array inside an array's objects
      timeline({ events: ['e1', 'e1'] }),
      timeline({ legend: 'tl' }), // the node's own ID
    ];
    for (const node of duplicates) {
      expect(validateWithTimeline(view(node)), JSON.stringify(node)).to.deep.include({ ok: false, reason: 'invalid-root' });
    }
    // Across the view: the second node to claim an ID is the one replaced.
    const result = validateWithTimeline(view({ id: 's', type: 'stack', children: [timeline({ link: 'l1' }), heading('l1')] }));
    if (!result.ok || result.view.root.type !== 'stack') throw new Error('expected a stack');
    expect(result.view.root.children.map((c) => c.type)).to.deep.equal(['timeline', 'invalid']);
    expect(result.issues).to.deep.equal([{ path: '/root/children/1', message: 'duplicate ID' }]);
  });

  it('counts the media a record says its nodes carry, against the message limit', () => {
    const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `ph${i}`, label: 'Photo' }));
    const within = validateWithTimeline(view({ ...timeline(), photos: photos(LIMITS.mediaPerMessage) }));
    expect(within.ok && within.media).to.equal(LIMITS.mediaPerMessage);
    expect(validateWithTimeline(view({ ...timeline(), photos: photos(LIMITS.mediaPerMessage + 1) }))).to.deep.include({
      ok: false,
      reason: 'too-much-media',
    });
    const gallery = INLINE_UI_EXAMPLES['media-gallery'];
    const result = validateView(gallery);
    expect(result.ok && result.media).to.equal(gallery.root.items.length);
    if (result.ok) expect(mediaCount(result.view.root as LeafNode)).to.equal(gallery.root.items.length);
  });

  it('rejects a duplicate of any nested ID of any catalog example, against another node or the node itself', () => {
    let checked = 0;
    for (const type of NODE_TYPES) {
      if (NODE_DEFINITIONS[type].kind !== 'leaf') continue;
      const root = INLINE_UI_EXAMPLES[type].root;
      for (const path of idPaths(root)) {
        const nestedId = path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], root) as string;
        const both = validateView(view({ id: 'dup-stack', type: 'stack', children: [root, heading(nestedId)] }));
        if (!both.ok || both.view.root.type !== 'stack') throw new Error(`${type}: expected a stack`);
        expect(both.view.root.children.map((c) => c.type), `${type} ${path.join('.')}`).to.deep.equal([type, 'invalid']);
        expect(validateView(view(withValue(root, path, root.id))), `${type} ${path.join('.')}`).to.deep.include({
          ok: false,
          reason: 'invalid-root',
        });
        checked += 1;
      }
    }
    // metrics, actions, citations, columns, rows and media items of the examples
    expect(checked).to.be.greaterThan(15);
  });
});
