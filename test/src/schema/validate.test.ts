import { expect } from '@open-wc/testing';
import { LIMITS, validateView } from '../../../src/index.js';

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

  it('holds the depth limit at its boundary (the root is depth 1)', () => {
    const nest = (depth: number): unknown =>
      depth === 1 ? heading(`h${depth}`) : { id: `s${depth}`, type: 'stack', children: [nest(depth - 1)] };
    expect(validateView(view(nest(LIMITS.depth))).ok).to.equal(true);
    expect(validateView(view(nest(LIMITS.depth + 1)))).to.deep.include({ ok: false, reason: 'too-large' });
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
