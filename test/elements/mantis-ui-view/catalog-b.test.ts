import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisUiView } from '../../../elements/mantis-ui-view/mantis-ui-view.js';
import type { ArtifactOpenDetail, ViewErrorDetail } from '../../../elements/events.js';
import { LIMITS, TEXT_LIMITS, createMessageParser, validateView, type MantisPart } from '../../../src/index.js';

/*
 * Acceptance, rejection, streaming, dark mode, keyboard and fallback tests for task-card, media-gallery, artifact
 * and action-row (CONTRIBUTING.md, "Adding a component", point 4).
 */

type Json = Record<string, unknown>;

const point = (n: number) => ({ uri: `mantis://map/atlas/point/p${n}` });
const view = (root: unknown, id = 'msg-1') => ({ version: 1, id, root });
// Assertions take booleans, numbers and strings, never DOM nodes or events: a failure message that serialises one
// can stall the test runner.
const present = (node: Element | null | undefined): boolean => node !== null && node !== undefined;
const shadow = (el: MantisUiView) => el.shadowRoot as ShadowRoot;
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

const TASK_CARD: Json = {
  id: 'recluster',
  type: 'task-card',
  state: 'suggested',
  title: 'Re-cluster the memory points',
  description: 'Group the **128** points again with a finer radius.',
  actions: [
    { id: 'run', type: 'run-task', label: 'Run clustering', task: 'Re-cluster the memory systems points with radius 0.2' },
    { id: 'ask', type: 'prefill-composer', label: 'Ask about it', text: 'What would re-clustering change?' },
  ],
};

const GALLERY: Json = {
  id: 'shots',
  type: 'media-gallery',
  title: 'Cluster snapshots',
  items: [
    { id: 'shot-1', key: 'agent_files/maps/atlas/cluster-7.png', alt: 'Dense cluster of memory points', caption: 'Cluster 7, zoomed in' },
    { id: 'shot-2', key: 'agent_files/maps/atlas/overview.v2.png', alt: 'Whole map overview' },
    { id: 'shot-3', key: 'agent_files/exports/legend_2024.png', alt: 'Colour legend', caption: 'Legend' },
  ],
};

const ARTIFACT_CONTENT = 'export function radius(points: number): number {\n  return Math.sqrt(points) / 10;\n}\n';
const ARTIFACT: Json = {
  id: 'script',
  type: 'artifact',
  title: 'Radius helper',
  description: 'A helper that picks the clustering radius.',
  format: 'code',
  language: 'typescript',
  content: ARTIFACT_CONTENT,
};

const ACTION_ROW: Json = {
  id: 'next',
  type: 'action-row',
  actions: [
    { id: 'go', type: 'navigate', label: 'Show on map', target: { uri: 'mantis://map/atlas/cluster/c7' } },
    { id: 'sum', type: 'summarize', label: 'Summarize cluster', target: { uri: 'mantis://map/atlas/cluster/c7' } },
    { id: 'draft', type: 'prefill-composer', label: 'Draft a question', text: 'Which points are outliers?' },
    { id: 'bag', type: 'add-to-bag', label: 'Add to bag', targets: [point(1), point(2)] },
  ],
};

const COMPONENTS = { 'task-card': TASK_CARD, 'media-gallery': GALLERY, artifact: ARTIFACT, 'action-row': ACTION_ROW } as const;

const render = (root: unknown, theme?: 'light' | 'dark') =>
  fixture<MantisUiView>(html`<mantis-ui-view theme=${theme ?? 'light'} .view=${view(root)}></mantis-ui-view>`);

/**
 * A focusable button before the view, so Tab starts from a known place. (The fixture is the view itself: a plain
 * wrapper would make `fixture` wait for an animation frame, which never comes while the page is in a background
 * tab of the concurrent test runner.)
 */
async function renderAfterStart(root: unknown): Promise<{ el: MantisUiView; start: HTMLButtonElement }> {
  const el = await fixture<MantisUiView>(html`<mantis-ui-view .view=${view(root)}></mantis-ui-view>`);
  const start = document.createElement('button');
  start.textContent = 'Start';
  el.before(start);
  start.focus();
  return { el, start };
}

const focused = (el: MantisUiView) => shadow(el).activeElement as HTMLElement | null;

function collect<K extends 'mantis-action' | 'mantis-artifact-open'>(el: HTMLElement, name: K) {
  const events: HTMLElementEventMap[K][] = [];
  el.addEventListener(name, (event) => events.push(event as HTMLElementEventMap[K]));
  return events;
}

function expectAccepted(root: unknown) {
  const result = validateView(view(root));
  expect(result.ok, JSON.stringify(result.ok ? [] : result.issues)).to.equal(true);
  return result;
}

function expectRejected(root: unknown, reason = 'invalid-root') {
  const result = validateView(view(root));
  expect(result.ok, `accepted ${JSON.stringify(root).slice(0, 300)}`).to.equal(false);
  if (!result.ok) expect(result.reason).to.equal(reason);
  return result;
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `item-${i}`, key: `agent_files/shots/${i}.png`, alt: `Shot ${i}` }));
const actionRow = (actions: unknown[]) => ({ id: 'row', type: 'action-row', actions });

describe('<mantis-ui-view> catalog: task-card, media-gallery, artifact, action-row', () => {
  describe('acceptance', () => {
    // <mantis-media-item>'s own code loads on need (its tag is a shell until then): loaded before any test counts the
    // page's requests, since a request for our own module is none the view caused.
    before(() => import('../../../elements/mantis-media-item/mantis-media-item.component.js'));

    it('task-card shows the Suggested state, its title, description and actions, and never a progress state', async () => {
      const el = await render(TASK_CARD);
      const card = shadow(el).querySelector('[part="task-card"]') as HTMLElement;
      expect(present(card)).to.equal(true);
      expect(text(card.querySelector('[part="task-state"]'))).to.equal('Suggested');
      expect(card.getAttribute('aria-label')).to.equal('Suggested task: Re-cluster the memory points');
      const heading = card.querySelector('[role="heading"]');
      expect(text(heading)).to.equal('Re-cluster the memory points');
      expect(heading?.getAttribute('aria-level')).to.equal('4');
      expect(text(card.querySelector('.markdown strong'))).to.equal('128');
      const labels = [...card.querySelectorAll('button')].map((b) => text(b));
      expect(labels).to.deep.equal(['Run clustering', 'Ask about it']);
      // A view never claims progress or completion: those come only from trusted task events.
      expect(present(card.querySelector('progress, [role="progressbar"], [role="status"], [aria-busy]'))).to.equal(false);
      expect(text(card)).not.to.match(/running|in progress|completed|complete|done|failed|%/i);
    });

    it('media-gallery without a media service shows each alt text as role=img with its caption, and requests nothing', async () => {
      performance.setResourceTimingBufferSize(10_000);
      performance.clearResourceTimings();
      const el = await render(GALLERY);
      // Let anything the render might have started get under way (no animation frames: the tab may be hidden).
      await new Promise((resolve) => setTimeout(resolve, 50));
      const gallery = shadow(el).querySelector('[part="media-gallery"]') as HTMLElement;
      expect(present(gallery)).to.equal(true);
      expect(text(gallery)).to.contain('Cluster snapshots');
      expect(gallery.getAttribute('role')).to.equal('group');
      expect(gallery.getAttribute('aria-label')).to.equal('Cluster snapshots');
      const figures = [...gallery.querySelectorAll('[part="media-item"]')];
      expect(figures.length).to.equal(3);
      // Each item is a <mantis-media-item>; without a service it stands in with its alt text and says why.
      const mediaItems = figures.map((f) => f.querySelector('mantis-media-item'));
      expect(mediaItems.every(present)).to.equal(true);
      await Promise.all(mediaItems.map((item) => item?.updateComplete));
      const placeholders = mediaItems.map((item) => item?.shadowRoot?.querySelector('[role="img"][part="placeholder"]'));
      expect(placeholders.map((p) => p?.getAttribute('data-reason'))).to.deep.equal(['unconfigured', 'unconfigured', 'unconfigured']);
      const images = placeholders.map((p) => p?.getAttribute('aria-label'));
      expect(images).to.deep.equal([
        'Dense cluster of memory points — Preview unavailable',
        'Whole map overview — Preview unavailable',
        'Colour legend — Preview unavailable',
      ]);
      const captions = figures.map((f) => text(f.querySelector('figcaption')));
      expect(captions[0]).to.equal('Cluster 7, zoomed in');
      // No caption: the alt text is the item's only description, not said twice (axe image-redundant-alt).
      expect(figures[1]?.querySelector('figcaption')).to.equal(null);
      expect(captions[2]).to.equal('Legend');
      // Nothing that could fetch: no <img>, no URL-bearing attribute, no background image.
      const fetching = 'img, picture, source, video, audio, object, embed, iframe, [src], [srcset], [href]';
      expect(present(shadow(el).querySelector(fetching))).to.equal(false);
      expect(mediaItems.some((item) => present(item?.shadowRoot?.querySelector(fetching)))).to.equal(false);
      expect(performance.getEntriesByType('resource').map((e) => e.name)).to.deep.equal([]);

      // Control: the measurement does see a request made from this page.
      const probe = document.createElement('img');
      const loaded = new Promise((resolve) => probe.addEventListener('error', resolve, { once: true }));
      probe.alt = '';
      probe.src = '/package.json?mantis-resource-probe';
      document.body.append(probe);
      await loaded;
      probe.remove();
      await waitUntil(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('?mantis-resource-probe')));
    });

    it('artifact shows title, format, preview and an Open button that fires mantis-artifact-open with the content', async () => {
      const el = await render(ARTIFACT);
      const card = shadow(el).querySelector('[part="artifact"]') as HTMLElement;
      expect(text(card.querySelector('[role="heading"]'))).to.equal('Radius helper');
      expect(text(card.querySelector('.artifact-format'))).to.equal('Code · typescript');
      expect(card.getAttribute('aria-label')).to.equal('Code: Radius helper');
      expect(text(card.querySelector('.markdown'))).to.equal('A helper that picks the clustering radius.');
      const preview = card.querySelector('.artifact-preview') as HTMLElement;
      expect(preview.textContent).to.contain('export function radius(points: number): number {');
      // What is shown is also read: the preview is not hidden from assistive technology.
      expect(present(preview.closest('[aria-hidden="true"]'))).to.equal(false);
      const open = card.querySelector('[part~="artifact-open"]') as HTMLButtonElement;
      expect(text(open)).to.equal('Open Radius helper');
      const opened = oneEvent(el, 'mantis-artifact-open');
      open.click();
      const event = await opened;
      expect(event.bubbles && event.composed).to.equal(true);
      expect(event.detail).to.deep.equal({
        viewId: 'msg-1',
        nodeId: 'script',
        title: 'Radius helper',
        format: 'code',
        language: 'typescript',
        content: ARTIFACT_CONTENT,
      } satisfies ArtifactOpenDetail);
    });

    it('artifact previews only the start of a long payload but opens all of it', async () => {
      const content = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
      const el = await render({ id: 'log', type: 'artifact', title: 'Run log', format: 'text', content });
      const preview = shadow(el).querySelector('.artifact-preview')?.textContent ?? '';
      expect(preview).to.contain('line 0');
      expect(preview).not.to.contain('line 39');
      expect(text(shadow(el).querySelector('.artifact-format'))).to.equal('Text');
      const opened = oneEvent(el, 'mantis-artifact-open');
      (shadow(el).querySelector('[part~="artifact-open"]') as HTMLButtonElement).click();
      expect((await opened).detail.content).to.equal(content);
    });

    it('action-row shows one button per action, in order, in a labelled group', async () => {
      const el = await render(ACTION_ROW);
      const row = shadow(el).querySelector('[part="action-row"]') as HTMLElement;
      const group = row.querySelector('[part="actions"]');
      expect(group?.getAttribute('role')).to.equal('group');
      expect(group?.getAttribute('aria-label')).to.equal('Actions');
      expect([...row.querySelectorAll('button')].map((b) => text(b))).to.deep.equal([
        'Show on map',
        'Summarize cluster',
        'Draft a question',
        'Add to bag',
      ]);
      const actions = collect(el, 'mantis-action');
      (row.querySelector('button') as HTMLButtonElement).click();
      expect(actions.length).to.equal(1);
      expect(actions[0]?.detail).to.deep.equal({
        viewId: 'msg-1',
        nodeId: 'next',
        action: (ACTION_ROW.actions as unknown[])[0],
      });
    });
  });

  describe('rejection (validateView)', () => {
    it('task-card: only the suggested state', () => {
      expectAccepted(TASK_CARD);
      for (const state of ['running', 'completed', 'complete', 'in-progress', 'failed', 'done', 'Suggested', '', 1, null]) {
        expectRejected({ ...TASK_CARD, state });
      }
      const { state: _state, ...stateless } = TASK_CARD;
      expectRejected(stateless);
      expectRejected({ ...TASK_CARD, progress: 50 });
      expectRejected({ ...TASK_CARD, completed: true });
    });

    it('media-gallery: only agent_files keys, no traversal or encoding', () => {
      expectAccepted(GALLERY);
      const keys = [
        'https://cdn.example.com/a.png',
        'http://example.com/a.png',
        '//evil.example/a.png',
        'data:image/png;base64,iVBORw0KGgo=',
        'data:text/html,<script>alert(1)</script>',
        'javascript:alert(1)',
        'file:///etc/passwd',
        '/etc/passwd',
        'etc/passwd',
        'agent_files/../x',
        'agent_files/%2e%2e/x',
        'agent_files/%2E%2E/x',
        'agent_files/a/../../x',
        'agent_files/./x',
        'agent_files/.hidden',
        'agent_files\\..\\x',
        'agent_files/',
        'agent_files',
        '/agent_files/x.png',
        'agent_files/x.png?token=1',
        'agent_files/x.png#frag',
        'agent_files/x%20y.png',
        ' agent_files/x.png',
        'AGENT_FILES/x.png',
      ];
      for (const key of keys) {
        const result = expectRejected({ ...GALLERY, items: [{ id: 'i', key, alt: 'x' }] });
        if (!result.ok) expect(result.issues.map((i) => i.path)).to.include('/root/items/0/key');
      }
    });

    it('media-gallery: 8 items are accepted, 9 rejected; as two galleries in one view, the one that brings the 9th is the warning', () => {
      expect(LIMITS.mediaPerMessage).to.equal(8);
      const eight = expectAccepted({ id: 'g', type: 'media-gallery', items: items(8) });
      if (eight.ok) expect(eight.media).to.equal(8);
      expectRejected({ id: 'g', type: 'media-gallery', items: items(9) });
      expectRejected({ id: 'g', type: 'media-gallery', items: [] });

      const two = (a: number, b: number) => ({
        id: 'both',
        type: 'stack',
        children: [
          { id: 'g1', type: 'media-gallery', items: items(a + b).slice(0, a) },
          { id: 'g2', type: 'media-gallery', items: items(a + b).slice(a) },
        ],
      });
      const ok = expectAccepted(two(4, 4));
      if (ok.ok) expect(ok.media).to.equal(8);
      // The second gallery would take the message past its 8 items: it alone is replaced (000: an invalid child of an
      // otherwise valid stack is an inert warning, its valid siblings stay).
      for (const [a, b] of [[5, 4], [1, 8]] as const) {
        const salvaged = expectAccepted(two(a, b));
        if (!salvaged.ok || salvaged.view.root.type !== 'stack') throw new Error('expected a stack');
        expect(salvaged.view.root.children.map((c) => c.type)).to.deep.equal(['media-gallery', 'invalid']);
        expect(salvaged.media).to.equal(a);
      }
    });

    it('media-gallery: every item needs a unique ID and alt text', () => {
      expectRejected({ ...GALLERY, items: [{ id: 'i', key: 'agent_files/a.png' }] });
      expectRejected({ ...GALLERY, items: [{ id: 'i', key: 'agent_files/a.png', alt: '' }] });
      expectRejected({ ...GALLERY, items: [{ id: 'i', key: 'agent_files/a.png', alt: 'a' }, { id: 'i', key: 'agent_files/b.png', alt: 'b' }] });
    });

    it('artifact: known formats only, bounded content', () => {
      expectAccepted(ARTIFACT);
      for (const format of ['markdown', 'text', 'code', 'csv', 'json']) expectAccepted({ ...ARTIFACT, format });
      for (const format of ['html', 'svg', 'pdf', 'javascript', 'Markdown', '', null]) expectRejected({ ...ARTIFACT, format });
      expectAccepted({ ...ARTIFACT, content: 'a'.repeat(TEXT_LIMITS.artifact) });
      const over = expectRejected({ ...ARTIFACT, content: 'a'.repeat(TEXT_LIMITS.artifact + 1) });
      if (!over.ok) expect(over.issues.map((i) => i.path)).to.include('/root/content');
      expectRejected({ ...ARTIFACT, content: '' });
      expectRejected({ ...ARTIFACT, language: 'Type Script' });
      expectRejected({ ...ARTIFACT, language: '<script>' });
    });

    it('action-row: 1 to 4 actions', () => {
      const navigate = (i: number) => ({ id: `a${i}`, type: 'navigate', label: `Go ${i}`, target: point(i) });
      expectRejected(actionRow([]));
      for (const n of [1, 2, 3, 4]) expectAccepted(actionRow(Array.from({ length: n }, (_, i) => navigate(i))));
      expectRejected(actionRow(Array.from({ length: 5 }, (_, i) => navigate(i))));
      expectRejected({ id: 'row', type: 'action-row' });
      expectRejected(actionRow([navigate(1), navigate(1)]));
    });

    it('actions: no URL target, canonical mantis URIs only', () => {
      for (const type of ['navigate', 'summarize']) {
        for (const kind of ['point', 'bag', 'cluster']) {
          expectAccepted(actionRow([{ id: 'a', type, label: 'Go', target: { uri: `mantis://map/atlas/${kind}/x-1` } }]));
        }
        const uris = [
          'https://example.com/map',
          'javascript:alert(1)',
          'data:text/html,x',
          'mantis://map/atlas/point/p1/',
          'mantis://map/atlas/point/p1?x=1',
          'mantis://map/atlas/point/p1#x',
          'mantis://map/atlas/point/../p1',
          'mantis://map/atlas/point/%70%31',
          'mantis://map/atlas/region/p1',
          'mantis://map/atlas/point',
          'mantis://map//point/p1',
          'MANTIS://map/atlas/point/p1',
          'mantis:map/atlas/point/p1',
          'mantis://maps/atlas/point/p1',
          ' mantis://map/atlas/point/p1',
          'mantis://map/atlas/point/p1 ',
          'mantis://map/atlas/point/.p1',
        ];
        for (const uri of uris) expectRejected(actionRow([{ id: 'a', type, label: 'Go', target: { uri } }]));
        expectRejected(actionRow([{ id: 'a', type, label: 'Go', target: 'mantis://map/atlas/point/p1' }]));
        expectRejected(actionRow([{ id: 'a', type, label: 'Go', url: 'https://example.com', target: point(1) }]));
      }
    });

    it('add-to-bag: point URIs only, 32 at most, a bag by ID or by name, never both', () => {
      const bag = (extra: Json) => actionRow([{ id: 'b', type: 'add-to-bag', label: 'Add', targets: [point(1)], ...extra }]);
      expectAccepted(bag({}));
      expectAccepted(bag({ bagId: 'favourites' }));
      expectAccepted(bag({ bagName: 'Favourites' }));
      expectRejected(bag({ bagId: 'favourites', bagName: 'Favourites' }));
      expectRejected(bag({ bagId: 'https://example.com/bag' }));
      const targets = (n: number) => Array.from({ length: n }, (_, i) => point(i));
      expect(LIMITS.bagPointRefs).to.equal(32);
      expectAccepted(bag({ targets: targets(32) }));
      expectRejected(bag({ targets: targets(33) }));
      expectRejected(bag({ targets: [] }));
      expectRejected(bag({ targets: [{ uri: 'mantis://map/atlas/cluster/c7' }] }));
      expectRejected(bag({ targets: [point(1), { uri: 'mantis://map/atlas/bag/b1' }] }));
      expectRejected(bag({ targets: [{ uri: 'https://example.com/p1' }] }));
      expectRejected(bag({ targets: ['mantis://map/atlas/point/p1'] }));
    });

    it('rejects unknown keys on nodes, items, actions and targets', () => {
      const extras: Json = { href: 'https://example.com', onclick: 'alert(1)', style: 'color:red', className: 'x', html: '<b>x</b>' };
      for (const [key, value] of Object.entries(extras)) {
        for (const node of Object.values(COMPONENTS)) expectRejected({ ...node, [key]: value });
        expectRejected({ ...GALLERY, items: [{ id: 'i', key: 'agent_files/a.png', alt: 'a', [key]: value }] });
        expectRejected(actionRow([{ id: 'a', type: 'summarize', label: 'S', target: point(1), [key]: value }]));
        expectRejected(actionRow([{ id: 'a', type: 'navigate', label: 'G', target: { ...point(1), [key]: value } }]));
        expectRejected(actionRow([{ id: 'a', type: 'add-to-bag', label: 'A', targets: [{ ...point(1), [key]: value }] }]));
        expectRejected({ ...TASK_CARD, actions: [{ id: 'a', type: 'run-task', label: 'R', task: 't', [key]: value }] });
      }
      expectRejected(actionRow([{ id: 'a', type: 'open-url', label: 'Open', url: 'https://example.com' }]));
      expectRejected(actionRow([{ id: 'a', type: 'prefill-composer', label: 'P', text: 'x', submit: true }]));
    });

    it('run-task: a positive taskId is accepted and normalized to the reserved 0', () => {
      const result = expectAccepted({ ...TASK_CARD, actions: [{ id: 'r', type: 'run-task', label: 'Run', task: 'Re-cluster', taskId: 42 }] });
      if (result.ok && result.view.root.type === 'task-card') {
        expect(result.view.root.actions?.[0]).to.deep.equal({ id: 'r', type: 'run-task', label: 'Run', task: 'Re-cluster', taskId: 0 });
      } else expect.fail('not a task-card');
      for (const taskId of [-1, 1.5, '42', Number.MAX_SAFE_INTEGER + 2]) {
        expectRejected(actionRow([{ id: 'r', type: 'run-task', label: 'Run', task: 'x', taskId }]));
      }
    });
  });

  describe('streaming', () => {
    for (const [type, node] of Object.entries(COMPONENTS)) {
      it(`${type}: pending until the closing fence arrives, then the validated view`, () => {
        const spec = view(node, `stream-${type}`);
        const message = `Here is the ${type}.\n\n\`\`\`mantis-ui\n${JSON.stringify(spec)}\n\`\`\`\n\nThat is all.`;
        const closedAt = message.indexOf('\n```\n', message.indexOf('```mantis-ui\n') + 1) + '\n```\n'.length;
        const openedAt = message.indexOf('```mantis-ui\n') + '```mantis-ui\n'.length;
        const expected = validateView(spec);
        expect(expected.ok).to.equal(true);
        for (const size of [1, 7, 64]) {
          const parser = createMessageParser({ inlineUiVersion: 1, mode: 'orchestrator' });
          let parts: readonly MantisPart[] = [];
          let pendingSeen = 0;
          for (let at = 0; at < message.length; at += size) {
            parts = parser.push(message.slice(at, at + size));
            const received = Math.min(at + size, message.length);
            const views = parts.filter((p) => p.type.startsWith('data-mantis-ui'));
            if (received < openedAt) {
              expect(views, `${size}: before the fence`).to.deep.equal([]);
            } else if (received < closedAt) {
              expect(views.map((p) => p.type), `${size}: at ${received}`).to.deep.equal(['data-mantis-ui-pending']);
              pendingSeen += 1;
            } else {
              expect(views.map((p) => p.type), `${size}: at ${received}`).to.deep.equal(['data-mantis-ui']);
            }
          }
          expect(pendingSeen).to.be.greaterThan(0);
          parts = parser.end();
          const done = parts.find((p) => p.type === 'data-mantis-ui');
          expect(done?.data).to.deep.equal(expected.ok ? expected.view : null);
          expect(parts.filter((p) => p.type === 'text').map((p) => (p.type === 'text' ? p.text.trim() : ''))).to.deep.equal([
            `Here is the ${type}.`,
            'That is all.',
          ]);
        }
      });
    }

    it('a fence cut off before its closing delimiter never becomes a view', () => {
      const parser = createMessageParser({ inlineUiVersion: 1, mode: 'orchestrator' });
      parser.push(`\`\`\`mantis-ui\n${JSON.stringify(view(ACTION_ROW))}\n`);
      const parts = parser.end();
      expect(parts.map((p) => p.type)).to.deep.equal(['data-mantis-ui-error']);
    });
  });

  describe('dark mode', () => {
    for (const [type, node] of Object.entries(COMPONENTS)) {
      it(`${type}: accessible in the dark and light themes`, async () => {
        const dark = await render(node, 'dark');
        const light = await render(node, 'light');
        expect(present(shadow(dark).querySelector(`[part="${type}"]`))).to.equal(true);
        expect(getComputedStyle(dark).colorScheme).to.equal('dark');
        expect(getComputedStyle(dark).backgroundColor).not.to.equal(getComputedStyle(light).backgroundColor);
        await expect(dark).to.be.accessible();
        await expect(light).to.be.accessible();
      });
    }

    it('the confirmation step is accessible in both themes', async () => {
      for (const theme of ['dark', 'light'] as const) {
        const el = await render(ACTION_ROW, theme);
        (shadow(el).querySelector('[data-action="bag"]') as HTMLButtonElement).click();
        await el.updateComplete;
        expect(present(shadow(el).querySelector('[part="action-confirm"]'))).to.equal(true);
        await expect(el).to.be.accessible();
      }
    });

    it('all four together in one view are accessible in the dark theme', async () => {
      // Two untitled galleries too: their names must not clash.
      const untitled = (n: number) => ({ id: `loose-${n}`, type: 'media-gallery', items: [{ id: `solo-${n}`, key: `agent_files/solo-${n}.png`, alt: `Solo ${n}` }] });
      const children = [TASK_CARD, GALLERY, untitled(1), untitled(2), ARTIFACT, ACTION_ROW];
      const el = await render({ id: 'all', type: 'stack', children }, 'dark');
      expect(el.validation?.ok && el.validation.issues).to.deep.equal([]);
      await expect(el).to.be.accessible();
    });
  });

  describe('keyboard', () => {
    it('artifact: Tab reaches Open; Enter and Space open it', async () => {
      const { el } = await renderAfterStart(ARTIFACT);
      const opened = collect(el, 'mantis-artifact-open');
      await sendKeys({ press: 'Tab' });
      expect(focused(el)?.getAttribute('part')).to.equal('action artifact-open');
      await sendKeys({ press: 'Enter' });
      expect(opened.length).to.equal(1);
      await sendKeys({ press: 'Space' });
      expect(opened.length).to.equal(2);
      expect(opened.map((e) => e.detail.content)).to.deep.equal([ARTIFACT_CONTENT, ARTIFACT_CONTENT]);
    });

    it('action-row: Tab walks the actions in order; Enter and Space activate them', async () => {
      const { el } = await renderAfterStart(ACTION_ROW);
      const fired = collect(el, 'mantis-action');
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        await sendKeys({ press: 'Tab' });
        seen.push(focused(el)?.dataset.action ?? '');
      }
      expect(seen).to.deep.equal(['go', 'sum', 'draft', 'bag']);
      await sendKeys({ down: 'Shift' });
      for (let i = 0; i < 3; i++) await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(focused(el)?.dataset.action).to.equal('go');
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Space' });
      expect(fired.map((e) => e.detail.action.id)).to.deep.equal(['go', 'sum']);
    });

    it('task-card: Tab reaches its actions; Enter asks for confirmation, Enter confirms, Space prefills', async () => {
      const { el } = await renderAfterStart(TASK_CARD);
      const fired = collect(el, 'mantis-action');
      await sendKeys({ press: 'Tab' });
      expect(focused(el)?.dataset.action).to.equal('run');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => focused(el)?.dataset.confirm === 'run', 'focus moves to Confirm');
      expect(fired.length).to.equal(0);
      await sendKeys({ press: 'Enter' });
      expect(fired.map((e) => e.detail.action.id)).to.deep.equal(['run']);
      expect(fired[0]?.detail.action).to.include({ type: 'run-task', taskId: 0 });
      await waitUntil(() => focused(el)?.dataset.action === 'run', 'focus returns to the action');
      await sendKeys({ press: 'Tab' });
      expect(focused(el)?.dataset.action).to.equal('ask');
      await sendKeys({ press: 'Space' });
      expect(fired.map((e) => e.detail.action.id)).to.deep.equal(['run', 'ask']);
    });
  });

  describe('fallback inside a stack', () => {
    const SECRET = 'SECRET-PAYLOAD';
    const invalidInstances: Record<keyof typeof COMPONENTS, Json> = {
      'task-card': { ...TASK_CARD, id: 'bad', state: 'running', title: `${SECRET} task`, actions: [{ id: 'x', type: 'prefill-composer', label: SECRET, text: SECRET }] },
      'media-gallery': {
        ...GALLERY,
        id: 'bad',
        title: SECRET,
        items: [{ id: 'x', key: `https://evil.example/${SECRET}.png`, alt: SECRET, caption: SECRET }],
      },
      artifact: { ...ARTIFACT, id: 'bad', title: SECRET, format: 'html', content: `<script>window.__pwned='${SECRET}'</script>` },
      'action-row': {
        id: 'bad',
        type: 'action-row',
        actions: Array.from({ length: 5 }, (_, i) => ({ id: `x${i}`, type: 'summarize', label: `${SECRET} ${i}`, target: point(i) })),
      },
    };

    for (const [type, node] of Object.entries(COMPONENTS)) {
      it(`${type}: an invalid instance becomes [part=invalid] while a valid sibling renders`, async () => {
        const bad = invalidInstances[type as keyof typeof COMPONENTS];
        const el = document.createElement('mantis-ui-view');
        const error = oneEvent(el, 'mantis-view-error');
        el.view = view({ id: 'stack', type: 'stack', children: [bad, node] });
        document.body.append(el);
        try {
          const event = (await error) as CustomEvent<ViewErrorDetail>;
          expect(event.detail.reason).to.equal(undefined);
          expect(event.detail.issues.every((i) => i.path.startsWith('/root/children/0'))).to.equal(true);
          await el.updateComplete;
          const warnings = shadow(el).querySelectorAll('[part="invalid"]');
          expect(warnings.length).to.equal(1);
          expect(warnings[0]?.getAttribute('role')).to.equal('note');
          expect(shadow(el).querySelectorAll(`[part="${type}"]`).length).to.equal(1);
          expect(shadow(el).querySelector('[part="stack"]')?.firstElementChild?.getAttribute('part')).to.equal('invalid');
          expect(shadow(el).innerHTML).not.to.contain(SECRET);
          expect(shadow(el).textContent).not.to.contain(SECRET);
          expect(shadow(el).innerHTML).not.to.contain('evil.example');
          expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined);
          await expect(el).to.be.accessible();
        } finally {
          el.remove();
        }
      });
    }
  });
});
