// <mantis-a2ui-surface> safety: no request ever leaves the page for an address from a message; openUrl asks first
// and opens only http(s); cycles, missing components and limits give accessible fallbacks and errors, never a hang;
// a huge list is capped; a render function that throws costs only its own component.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { BASIC_RENDERERS } from '../../../elements/mantis-a2ui-surface/basic-renderers.js';
import type { A2uiRenderFn, MantisA2uiSurface } from '../../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import { BASIC_CATALOG_ID } from '../../../src/protocols/a2ui/types.js';
import { A2UI_LIMITS } from '../../../src/protocols/a2ui/limits.js';
import { recordFetch } from '../../helpers/fetch-log.js';
import { $, $$, data, errorsOf, EXAMPLES, specExamples, render, surfaceOf, textOf, type } from './fixtures.js';

// Same-origin addresses show up in the resource timeline even when they fail (404), so a request cannot hide.
const PROBE = `${location.origin}/__a2ui-probe`;

/**
 * Every request the page makes from now on (fetch, and anything the browser loads: images, media, frames), but the
 * suite's own reads of the specification's examples: where they are absent, the 404 of that read may enter the
 * timeline only after a later test started recording.
 */
function recordRequests(): { readonly seen: () => string[]; stop(): void } {
  const fetches = recordFetch();
  const observed: string[] = [];
  const observer = new PerformanceObserver((list) => observed.push(...list.getEntries().map((e) => e.name)));
  observer.observe({ type: 'resource', buffered: false });
  performance.clearResourceTimings();
  return {
    seen: () =>
      [...fetches.requested, ...observed, ...performance.getEntriesByType('resource').map((e) => e.name)].filter((name) => !new URL(name, location.href).pathname.startsWith(EXAMPLES)),
    stop: () => {
      observer.disconnect();
      fetches.restore();
    },
  };
}

/** Elements of the shadow tree that would load or navigate to an address that is not an object URL. */
function remoteElements(el: Element): string[] {
  const found: string[] = [];
  for (const node of el.shadowRoot!.querySelectorAll('img, video, audio, source, iframe, embed, object, a[href], link, image, use')) {
    const src = node.getAttribute('src') ?? node.getAttribute('href') ?? node.getAttribute('data') ?? node.getAttribute('xlink:href') ?? '';
    if (!src.startsWith('blob:')) found.push(`${node.localName} ${src}`);
  }
  return found;
}

/** Lets the browser start any load a render caused (images start on insertion; a paint and a task are enough). */
const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));

const OWN_FIXTURES: readonly unknown[][] = [
  surfaceOf(
    [
      { id: 'root', component: 'Column', children: ['i1', 'i2', 'i3', 'i4', 'v', 'a', 'md', 'ico'] },
      { id: 'i1', component: 'Image', url: `${PROBE}/literal.png`, description: 'A literal image' },
      { id: 'i2', component: 'Image', url: { path: '/img' }, description: 'A bound image' },
      { id: 'i3', component: 'Image', url: 'agent_files/demo/chart.png', description: 'A stored image' },
      { id: 'i4', component: 'Image', url: 'https://tracker.invalid/pixel.gif', variant: 'avatar' },
      { id: 'v', component: 'Video', url: `${PROBE}/clip.mp4` },
      { id: 'a', component: 'AudioPlayer', url: 'agent_files/demo/song.mp3' },
      { id: 'md', component: 'Text', text: `![x](${PROBE}/md.png) <img src="${PROBE}/raw.png"> [l](${PROBE}/link) <iframe src="${PROBE}/frame"></iframe>` },
      { id: 'ico', component: 'Icon', name: 'home' },
    ],
    { img: `${PROBE}/bound.png` },
    { theme: { iconUrl: `${PROBE}/icon.png`, agentDisplayName: 'Probe' } },
  ),
];

describe('<mantis-a2ui-surface> safety', () => {
  describe('no request for any address from a message', () => {
    // The element's own code loads on need (its tag is a shell until then): loaded here, before anything is recorded,
    // since a request for our own module is none a message caused.
    before(() => import('../../../elements/mantis-a2ui-surface/mantis-a2ui-surface.component.js'));

    it('renders every example and our own fixtures without a single request or a remote element', async function () {
      const examples = await specExamples();
      const requests = recordRequests();
      try {
        for (const messages of [...examples.map((e) => e.messages), ...OWN_FIXTURES]) {
          const el = await render(messages);
          await settle();
          expect(JSON.stringify(remoteElements(el))).to.equal('[]');
          el.remove();
        }
        await settle();
        expect(JSON.stringify(requests.seen())).to.equal('[]');
      } finally {
        requests.stop();
      }
    });

    it('our own fixtures make no request (whether or not the examples are there)', async () => {
      const requests = recordRequests();
      try {
        const el = await render(OWN_FIXTURES[0]!);
        await settle();
        expect($$(el, '[part="image-placeholder"]').length).to.equal(4);
        expect($(el, '[part="image-placeholder"]')?.getAttribute('aria-label')).to.contain('A literal image');
        expect(JSON.stringify(remoteElements(el))).to.equal('[]');
        expect(JSON.stringify(requests.seen())).to.equal('[]');
      } finally {
        requests.stop();
      }
    });

    it('typing into a field whose path an Image url is bound to makes no request', async () => {
      const el = await render(
        surfaceOf(
          [
            { id: 'root', component: 'Column', children: ['pw', 'img'] },
            { id: 'pw', component: 'TextField', label: 'Password', variant: 'obscured', value: { path: '/password' } },
            { id: 'img', component: 'Image', url: { path: '/password' }, description: 'Bound to the password' },
          ],
          { password: '' },
        ),
      );
      const requests = recordRequests();
      try {
        $<HTMLInputElement>(el, 'input')!.focus();
        await sendKeys({ type: `${PROBE}/leak.png?pw=` });
        await el.updateComplete;
        await settle();
        expect(el.store?.get('s')?.data).to.deep.equal({ password: `${PROBE}/leak.png?pw=` });
        expect(JSON.stringify(remoteElements(el))).to.equal('[]');
        expect(JSON.stringify(requests.seen())).to.equal('[]');
      } finally {
        requests.stop();
      }
    });

    it('shows a stored image only through the page\'s media resolver, and only an object URL', async () => {
      const blob = URL.createObjectURL(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }));
      const asked: string[] = [];
      const el = document.createElement('mantis-a2ui-surface');
      el.mediaResolver = async (key) => {
        asked.push(key);
        return key.endsWith('good.svg') ? blob : `${PROBE}/not-an-object-url.png`;
      };
      el.messages = surfaceOf([
        { id: 'root', component: 'Column', children: ['good', 'bad', 'remote', 'bound', 'typed'] },
        { id: 'good', component: 'Image', url: 'agent_files/demo/good.svg', description: 'Good' },
        { id: 'bad', component: 'Image', url: 'agent_files/demo/bad.png', description: 'Bad' },
        { id: 'remote', component: 'Image', url: `${PROBE}/remote.png`, description: 'Remote' },
        // A key from the data model, or one built from what the user types, is never asked for.
        { id: 'bound', component: 'Image', url: { path: '/key' }, description: 'Bound' },
        { id: 'typed', component: 'Image', url: { call: 'formatString', args: { value: 'agent_files/${/secret}' }, returnType: 'string' }, description: 'Typed' },
      ], { key: 'agent_files/demo/good.svg', secret: 'hunter2' });
      const requests = recordRequests();
      try {
        document.body.append(el);
        await el.updateComplete;
        await settle();
        await el.updateComplete;
        expect(asked.sort()).to.deep.equal(['agent_files/demo/bad.png', 'agent_files/demo/good.svg']);
        const images = $$<HTMLImageElement>(el, 'img');
        expect(images.map((i) => i.getAttribute('src'))).to.deep.equal([blob]);
        expect(images[0]?.alt).to.equal('Good');
        expect($$(el, '[part="image-placeholder"]').length).to.equal(4);
        expect(JSON.stringify(requests.seen().filter((r) => !r.startsWith('blob:')))).to.equal('[]');
      } finally {
        requests.stop();
        el.remove();
        URL.revokeObjectURL(blob);
      }
    });
  });

  describe('openUrl', () => {
    let opened: unknown[][];
    let realOpen: typeof window.open;
    beforeEach(() => {
      opened = [];
      realOpen = window.open;
      // Fault injection: window.open replaced by a spy.
      window.open = ((...args: unknown[]) => {
        opened.push(args);
        return null;
      }) as typeof window.open;
    });
    afterEach(() => {
      window.open = realOpen;
    });

    const linkButton = (url: unknown) =>
      surfaceOf(
        [
          { id: 'root', component: 'Button', child: 't', action: { functionCall: { call: 'openUrl', args: { url }, returnType: 'void' } } },
          { id: 't', component: 'Text', text: 'Visit' },
        ],
      );

    it('shows the full address in a confirm dialog and opens it only after the second, explicit click', async () => {
      const href = location.href;
      const el = await render(linkButton('https://example.com/a/long/path?query=1#frag'));
      // The confirmation loads with the first link clicked: before it, there is no dialog at all.
      const confirm = () => $<HTMLDialogElement>(el, 'dialog[part="confirm"]');
      expect(confirm()).to.equal(null);
      expect(opened.length).to.equal(0);
      const button = $<HTMLButtonElement>(el, '[part="button"]')!;
      button.click();
      await waitUntil(() => confirm()?.open === true, 'the confirmation opens');
      const dialog = confirm()!;
      expect($(el, '[part="confirm-url"]')?.textContent).to.equal('https://example.com/a/long/path?query=1#frag');
      expect(dialog.getAttribute('aria-labelledby')).to.equal($(el, '.confirm-title')?.id);
      expect(opened.length).to.equal(0);
      // Cancel: nothing opens, focus returns to the button.
      $<HTMLButtonElement>(el, '[data-confirm="cancel"]')!.click();
      await el.updateComplete;
      expect(dialog.open).to.equal(false);
      expect(opened.length).to.equal(0);
      expect(el.shadowRoot!.activeElement === button).to.equal(true);
      // Again, and confirm.
      button.click();
      await waitUntil(() => dialog.open, 'the confirmation opens again');
      $<HTMLButtonElement>(el, '[data-confirm="open"]')!.click();
      await el.updateComplete;
      expect(JSON.stringify(opened)).to.equal(JSON.stringify([['https://example.com/a/long/path?query=1#frag', '_blank', 'noopener,noreferrer']]));
      expect(dialog.open).to.equal(false);
      expect(location.href).to.equal(href);
    });

    it('an address that is not an absolute URI is refused with the message: no button to press, an error at its path', async () => {
      const el = document.createElement('mantis-a2ui-surface');
      const errors = errorsOf(el);
      el.messages = linkButton('//evil.invalid/x');
      document.body.append(el);
      try {
        await el.updateComplete;
        expect($(el, '[part="button"]')).to.equal(null);
        expect(errors.map((e) => (e.error as { path?: string }).path)).to.deep.equal(['/components/0/action/functionCall/args/url']);
        expect(opened.length).to.equal(0);
      } finally {
        el.remove();
      }
    });

    for (const url of ['javascript:alert(1)', 'data:text/html,<script>1</script>', 'file:///etc/passwd', 'mailto:a@b.c']) {
      it(`never opens ${url.slice(0, 20)}: the dialog says it cannot be opened`, async () => {
        const el = await render(linkButton(url));
        $<HTMLButtonElement>(el, '[part="button"]')!.click();
        await waitUntil(() => $<HTMLDialogElement>(el, 'dialog[part="confirm"]')?.open === true, 'the confirmation opens');
        expect($(el, '[data-confirm="open"]') === null).to.equal(true);
        expect($(el, '[part="confirm-url"]')?.textContent).to.equal(url);
        expect(textOf(el)).to.contain('cannot be opened');
        $<HTMLButtonElement>(el, '[data-confirm="cancel"]')!.click();
        expect(opened.length).to.equal(0);
      });
    }

    it('nothing opens without a click (rendering, updates, focus)', async () => {
      const el = await render(linkButton('https://example.com/'));
      $<HTMLButtonElement>(el, '[part="button"]')!.focus();
      el.messages = [...el.messages, data('s', 'x', '/other')];
      await el.updateComplete;
      expect(opened.length).to.equal(0);
      expect($<HTMLDialogElement>(el, 'dialog[part="confirm"]')?.open ?? false).to.equal(false);
    });
  });

  describe('cycles, missing components and limits', () => {
    it('a cycle: an accessible fallback and a VALIDATION_FAILED error with a pointer, no hang', async () => {
      for (const list of [
        [
          { id: 'root', component: 'Column', children: ['a'] },
          { id: 'a', component: 'Card', child: 'root' },
        ],
        [{ id: 'root', component: 'Card', child: 'root' }],
        [
          { id: 'root', component: 'List', children: { componentId: 'root', path: '/items' } },
        ],
      ]) {
        const el = document.createElement('mantis-a2ui-surface');
        const errors = errorsOf(el);
        el.messages = surfaceOf(list, { items: [1, 2] });
        document.body.append(el);
        await el.updateComplete;
        try {
          const fallback = $(el, '[part="fallback"]');
          expect(fallback?.getAttribute('role')).to.equal('status');
          expect(fallback?.textContent).to.contain('could not be shown');
          const error = errors.find((e) => e.error.code === 'VALIDATION_FAILED')?.error;
          expect(error?.surfaceId).to.equal('s');
          expect((error as { path?: string } | undefined)?.path ?? '').to.match(/^\/components\/\d+(\/[^/]+)+$/);
        } finally {
          el.remove();
        }
      }
    });

    it('a missing child: a placeholder in its place, the rest shown, an error with its pointer', async () => {
      const el = document.createElement('mantis-a2ui-surface');
      const errors = errorsOf(el);
      el.messages = surfaceOf([
        { id: 'root', component: 'Column', children: ['ok', 'missing'] },
        { id: 'ok', component: 'Text', text: 'shown' },
      ]);
      document.body.append(el);
      await el.updateComplete;
      try {
        expect(textOf(el)).to.contain('shown');
        expect($$(el, '[part="placeholder"]').length).to.equal(1);
        expect(errors.length).to.equal(1);
        expect(errors[0]?.error).to.deep.include({ code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/0/children/1' });
        el.requestUpdate();
        await el.updateComplete;
        expect(errors.length).to.equal(1);
      } finally {
        el.remove();
      }
    });

    it('nesting past A2UI_LIMITS.depth stops with a placeholder and an error', async () => {
      const chain = Array.from({ length: A2UI_LIMITS.depth + 5 }, (_, i) => ({ id: i === 0 ? 'root' : `c${i}`, component: 'Card', child: `c${i + 1}` }));
      chain.push({ id: `c${A2UI_LIMITS.depth + 5}`, component: 'Text', text: 'deep' } as never);
      const el = document.createElement('mantis-a2ui-surface');
      const errors = errorsOf(el);
      el.messages = surfaceOf(chain);
      document.body.append(el);
      await el.updateComplete;
      try {
        expect($$(el, '[part="card"]').length).to.equal(A2UI_LIMITS.depth);
        expect($$(el, '[part="placeholder"]').length).to.equal(1);
        expect(errors.some((e) => e.error.code === 'VALIDATION_FAILED' && /deeper/.test(e.error.message))).to.equal(true);
      } finally {
        el.remove();
      }
    });

    it('a data model list of 100k items renders at most A2UI_LIMITS.listItems, with a note', async () => {
      // The item's render function counts its calls: the walk stops drawing at the cap, rather than drawing every
      // item and showing only some.
      const text = BASIC_RENDERERS['Text'] as A2uiRenderFn;
      let drawn = 0;
      const counting: A2uiRenderFn = (node, r) => {
        drawn += 1;
        return text(node, r);
      };
      const el = await fixture<MantisA2uiSurface>(html`<mantis-a2ui-surface
        .renderers=${{ [BASIC_CATALOG_ID]: { ...BASIC_RENDERERS, Text: counting } }}
        .messages=${surfaceOf([
          { id: 'root', component: 'List', children: { componentId: 'item', path: '/items' } },
          { id: 'item', component: 'Text', text: 'item' },
        ])}
      ></mantis-a2ui-surface>`);
      drawn = 0;
      const setData = el.store?.setData('s', '/items', new Array(100_000).fill(0));
      expect(setData).to.equal(true);
      await el.updateComplete;
      expect($$(el, '[role="listitem"]').length).to.equal(A2UI_LIMITS.listItems);
      expect($(el, '[part="note"]')?.textContent).to.contain(`${A2UI_LIMITS.listItems} of 100000`);
      expect(drawn, 'item render calls in the render after the update').to.equal(A2UI_LIMITS.listItems);
    });

    it('nested templates stop at A2UI_LIMITS.templateExpansion instances, with a note and one error', async () => {
      const rows = Array.from({ length: 100 }, () => ({ cells: new Array(100).fill(0) }));
      const el = document.createElement('mantis-a2ui-surface');
      const errors = errorsOf(el);
      el.messages = surfaceOf(
        [
          { id: 'root', component: 'Column', children: { componentId: 'row', path: '/rows' } },
          { id: 'row', component: 'Row', children: { componentId: 'cell', path: 'cells' } },
          { id: 'cell', component: 'Text', text: 'x' },
        ],
        { rows },
      );
      document.body.append(el);
      await el.updateComplete;
      try {
        expect($$(el, '[part="row"], [part="text"]').length).to.be.at.most(A2UI_LIMITS.templateExpansion);
        expect($$(el, '[part="note"]').length).to.be.greaterThan(0);
        expect(errors.filter((e) => /expand/.test(e.error.message)).length).to.equal(1);
      } finally {
        el.remove();
      }
    });

    it('shared components that multiply level by level stop at A2UI_LIMITS.componentInstances, with one error', async () => {
      // Twelve components, each referring ten times to the next: 10^11 places, each valid on its own.
      const list: Record<string, unknown>[] = [{ id: 'root', component: 'Column', children: new Array(10).fill('c1') }];
      for (let i = 1; i < 11; i++) list.push({ id: `c${i}`, component: 'Column', children: new Array(10).fill(`c${i + 1}`) });
      list.push({ id: 'c11', component: 'Text', text: 'leaf' });
      const el = document.createElement('mantis-a2ui-surface');
      const errors = errorsOf(el);
      el.messages = surfaceOf(list);
      document.body.append(el);
      await el.updateComplete;
      try {
        expect($$(el, '[part="column"], [part="text"]').length).to.be.at.most(A2UI_LIMITS.componentInstances);
        expect($$(el, '[part="placeholder"]').length).to.equal(1);
        expect(errors.filter((e) => /more than/.test(e.error.message)).length).to.be.at.least(1);
      } finally {
        el.remove();
      }
    });

    it('catastrophic regular expressions do not freeze the page: linear matching, and a budget per render', async () => {
      // `(a+)+$` on 40 a's and a "!" takes a backtracking engine (the native RegExp) about 2^40 steps: were it used,
      // this test would never end. The template repeats a costly check 200 times in one render (about a million steps
      // each, far past the render's budget).
      const long = `${'a'.repeat(40)}!`;
      const el = document.createElement('mantis-a2ui-surface');
      const errors = errorsOf(el);
      el.messages = surfaceOf(
        [
          { id: 'root', component: 'Column', children: ['field', 'rows'] },
          {
            id: 'field',
            component: 'TextField',
            label: 'Code',
            value: { path: '/code' },
            validationRegexp: '(a+)+$',
            checks: [{ condition: { call: 'regex', args: { value: { path: '/code' }, pattern: '^(a|aa)*$' }, returnType: 'boolean' }, message: 'Only a.' }],
          },
          { id: 'rows', component: 'List', children: { componentId: 'row', path: '/rows' } },
          { id: 'label', component: 'Text', text: { call: 'formatString', args: { value: 'Row ${n}' }, returnType: 'string' } },
          {
            // A Button checks its checks on every render (it is disabled while one fails).
            id: 'row',
            component: 'Button',
            child: 'label',
            action: { event: { name: 'pick' } },
            checks: [{ condition: { call: 'regex', args: { value: { path: 'blob' }, pattern: '([\\S\\s\\W\\w\\D\\d]?){1000}x' }, returnType: 'boolean' }, message: 'No.' }],
          },
        ],
        // Each row matches its own text (the same text would be answered from the matcher's cache).
        { code: long, rows: Array.from({ length: 200 }, (_, n) => ({ n, blob: 'a'.repeat(1000 - n) })) },
      );
      document.body.append(el);
      await el.updateComplete;
      try {
        const input = $<HTMLInputElement>(el, 'input');
        expect(input?.value).to.equal(long);
        type(input as HTMLInputElement, `${long}a`);
        await el.updateComplete;
        expect($$(el, '[part="button"]').length).to.equal(200);
        expect(textOf(el)).to.contain('computing them costs too much');
        expect(errors.some((e) => /costs more/.test(e.error.message))).to.equal(true);
      } finally {
        el.remove();
      }
    });

    it('a render function that throws costs only its own component', async () => {
      const el = await fixture<MantisA2uiSurface>(html`<mantis-a2ui-surface
        .renderers=${{ [BASIC_CATALOG_ID]: { ...BASIC_RENDERERS, Divider: () => { throw new Error('boom'); } } }}
        .messages=${surfaceOf([
          { id: 'root', component: 'Column', children: ['before', 'bad', 'after'] },
          { id: 'before', component: 'Text', text: 'before' },
          { id: 'bad', component: 'Divider' },
          { id: 'after', component: 'Text', text: 'after' },
        ])}
      ></mantis-a2ui-surface>`);
      expect($$(el, '[part="text"]').map((t) => t.textContent?.trim())).to.deep.equal(['before', 'after']);
      expect($$(el, '[part="placeholder"]').length).to.equal(1);
    });
  });
});
