// A2UI v1.0 surfaces in <mantis-a2ui-surface> (issue 31, item 3): the rules of v1.0 load with the first v1.0 message,
// every example of the v1.0 specification renders with its text, and what v1.0 adds to a surface shows: components and
// a data model in createSurface, a placeholder, a slider's steps, live regions and hidden parts, checks that give a
// ValidationResult, @index in a template, null deleting from the data model.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { MantisA2uiSurface } from '../../../elements/mantis-a2ui-surface/mantis-a2ui-surface.js';
import { agentOrigin } from '../../helpers/agent.js';
import { $, $$, errorsOf, render, textOf, type, type Message } from './fixtures.js';

const V1_BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
const EXAMPLES = '/test/fixtures/a2ui-spec/v1.0/examples/';
const FILES = ['01_flight-status', '03_calendar-day', '05_product-card', '07_task-card', '09_login-form', '11_purchase-complete', '13_coffee-order', '15_account-balance', '17_event-detail', '19_software-purchase', '21_shipping-status', '23_step-counter', '25_contact-card', '27_stats-card', '29_movie-card', '31_incremental-dashboard', '33_financial-data-grid', '35_markdown-text'];

const create = (payload: Record<string, unknown>): Message => ({ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: V1_BASIC, ...payload } });
const drawn = (el: MantisA2uiSurface) => waitUntil(() => $(el, '[part="surface"]') || $(el, '[part="fallback"]'), 'the v1.0 surface was never drawn', { timeout: 5000 });

describe('<mantis-a2ui-surface> reading A2UI v1.0', () => {
  it('renders every v1.0 example of the specification with its text, no fallback and no error', async function () {
    for (const file of FILES) {
      const response = await fetch(`${EXAMPLES}${file}.json`);
      const { messages } = (await response.json()) as { messages: unknown[] };
      const el = document.createElement('mantis-a2ui-surface');
      const errors = errorsOf(el);
      el.messages = messages;
      document.body.append(el);
      try {
        await drawn(el);
        await el.updateComplete;
        expect($$(el, '[part="surface"]').length, file).to.equal(1);
        expect($(el, '[part="fallback"], [part="placeholder"]') === null, `${file}: ${textOf(el).slice(0, 200)}`).to.equal(true);
        expect(textOf(el).length, file).to.be.greaterThan(10);
        expect(JSON.stringify(errors.map((e) => e.error)), file).to.equal('[]');
        await expect(el, file).to.be.accessible();
      } finally {
        el.remove();
      }
    }
  });

  it('draws what v1.0 adds: initial components and data, a placeholder, steps, live and hidden parts, ValidationResult checks, @index', async () => {
    const el = await render([
      create({
        components: [
          { id: 'root', component: 'Column', children: ['name', 'level', 'news', 'secret', 'rows', 'send'] },
          { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' }, placeholder: 'Ada Lovelace', checks: [{ condition: { path: '/verdict' }, message: 'Fallback' }] },
          { id: 'level', component: 'Slider', label: 'Level', min: 0, max: 10, steps: 5, value: { path: '/level' } },
          { id: 'news', component: 'Text', text: { path: '/news' }, accessibility: { live: 'polite' } },
          { id: 'secret', component: 'Text', text: 'Decoration', accessibility: { hidden: { path: '/hide' } } },
          { id: 'rows', component: 'List', children: { componentId: 'row', path: '/items' } },
          { id: 'row', component: 'Text', text: { call: '@index', args: { offset: 1 } } },
          { id: 'send', component: 'Button', child: 'send-label', action: { event: { name: 'send' } }, checks: [{ condition: { path: '/verdict' } }] },
          { id: 'send-label', component: 'Text', text: 'Send' },
        ],
        dataModel: { name: '', level: 4, news: 'Fresh', hide: true, items: ['a', 'b'], verdict: { valid: false, message: 'Enter a longer name.' } },
      }),
    ]);
    await drawn(el);
    await el.updateComplete;
    expect($(el, '[part="field"] input')?.getAttribute('placeholder')).to.equal('Ada Lovelace');
    expect([$(el, '[part="slider"] input')?.getAttribute('max'), $(el, '[part="slider"] input')?.getAttribute('step')]).to.deep.equal(['5', '1']);
    expect($(el, '.a11y[aria-live="polite"]')?.textContent?.trim()).to.equal('Fresh');
    expect($(el, '.a11y[aria-hidden="true"]')?.textContent?.trim()).to.equal('Decoration');
    // The ValidationResult's own message comes before the rule's, and keeps the button disabled.
    expect(($(el, '[part="button"]') as HTMLButtonElement | null)?.disabled).to.equal(true);
    expect(textOf(el)).to.contain('Enter a longer name.');
    expect($$(el, '[part="list"] [part="text"]').map((t) => t.textContent?.trim())).to.deep.equal(['1', '2']);
    await expect(el).to.be.accessible();
  });

  it('deletes what updateDataModel sets to null, and keeps a v0.9 surface beside a v1.0 one', async () => {
    const v09 = [
      { version: 'v0.9', createSurface: { surfaceId: 'old', catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' } },
      { version: 'v0.9', updateComponents: { surfaceId: 'old', components: [{ id: 'root', component: 'Text', text: 'Old surface' }] } },
    ];
    const el = await render([...v09, create({ components: [{ id: 'root', component: 'Text', text: { path: '/note' } }], dataModel: { note: 'Kept' } })]);
    await waitUntil(() => textOf(el).includes('Kept'), 'the v1.0 surface never showed its data', { timeout: 5000 });
    expect(textOf(el)).to.contain('Old surface');
    const errors = errorsOf(el);
    el.messages = [...el.messages, { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/note', value: null } }];
    await el.updateComplete;
    expect(textOf(el)).to.not.contain('Kept');
    // A message of the other version for a surface is refused at /version, beside what it shows.
    el.messages = [...el.messages, { version: 'v1.0', updateComponents: { surfaceId: 'old', components: [{ id: 'root', component: 'Text', text: 'New' }] } }];
    await el.updateComplete;
    expect(errors.map((e) => ('path' in e.error ? e.error.path : ''))).to.deep.equal(['/version']);
    expect(textOf(el)).to.contain('Old surface');
  });

  it('never hides a control from assistive technology, and a bound hidden that flips keeps the component and its focus', async () => {
    const el = await render([
      create({
        components: [
          { id: 'root', component: 'Column', children: ['note', 'go', 'field'] },
          { id: 'note', component: 'Text', text: 'Aside', accessibility: { hidden: { path: '/hide' } } },
          { id: 'go', component: 'Button', child: 'go-label', action: { event: { name: 'go' } }, accessibility: { hidden: true } },
          { id: 'go-label', component: 'Text', text: 'Go' },
          { id: 'field', component: 'TextField', label: 'Name', value: { path: '/name' }, accessibility: { live: 'polite' }, checks: [{ condition: { path: '/verdict' }, message: 'Fallback' }] },
        ],
        dataModel: { hide: false, name: '', verdict: { valid: false, message: 'Enter a longer name.' } },
      }),
    ]);
    const errors = errorsOf(el);
    await drawn(el);
    await el.updateComplete;
    // The Button stays reachable and announced; the agent hears why its hidden was not applied.
    expect($(el, '[part="button"]')?.closest('[aria-hidden]')).to.equal(null);
    await waitUntil(() => errors.length > 0, 'the refused hidden was never reported');
    expect(errors.map((e) => ('path' in e.error ? `${e.error.path} ${e.error.message}` : ''))).to.deep.equal(['/components/2/accessibility/hidden hidden is not applied over a control.']);
    // Typing into the field (its own ValidationResult message comes before the rule's), then hiding the Text.
    const input = $<HTMLInputElement>(el, '[part="field"] input') as HTMLInputElement;
    input.focus();
    type(input, 'Al');
    await el.updateComplete;
    expect(textOf(el)).to.contain('Enter a longer name.');
    expect(textOf(el)).to.not.contain('Fallback');
    const note = $(el, '.a11y [part="text"]');
    el.messages = [...el.messages, { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/hide', value: true } }];
    await el.updateComplete;
    expect($(el, '.a11y[aria-hidden="true"] [part="text"]') === note, 'the same Text element, now hidden').to.equal(true);
    expect(el.shadowRoot?.activeElement === input, 'the field keeps focus').to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('moves a Slider with steps over exact values, both ends included', async () => {
    const el = await render([
      create({ components: [{ id: 'root', component: 'Slider', label: 'Level', min: 1, max: 11, steps: 3, value: { path: '/level' } }], dataModel: { level: 5 } }),
    ]);
    await drawn(el);
    const slider = $<HTMLInputElement>(el, '[part="slider"] input') as HTMLInputElement;
    // 5 sits nearest step 1 of 3 (4.33…): shown, and said, as that step's value.
    expect([slider.min, slider.max, slider.step, slider.value]).to.deep.equal(['0', '3', '1', '1']);
    expect(slider.getAttribute('aria-valuetext')).to.equal('4.33333333333');
    type(slider, '3');
    await el.updateComplete;
    expect($(el, '[part="slider"] output')?.textContent).to.equal('11');
    type(slider, '0');
    await el.updateComplete;
    expect($(el, '[part="slider"] output')?.textContent).to.equal('1');
  });

  it('shows a Video’s posterUrl from a stored key through the media resolver, and never fetches any other poster', async () => {
    // Real files of the reference server (demo/server/media.ts), read with the demo account's token.
    const asked: string[] = [];
    const el = document.createElement('mantis-a2ui-surface');
    el.mediaResolver = async (key) => {
      asked.push(key);
      const response = await fetch(`${agentOrigin}/api/v1/${key}`, { headers: { authorization: 'Bearer demo-token' } });
      return URL.createObjectURL(await response.blob());
    };
    const components = [
      { id: 'root', component: 'Column', children: ['clip', 'remote'] },
      { id: 'clip', component: 'Video', url: 'agent_files/demo/flow.webm', posterUrl: 'agent_files/demo/overview.png', accessibility: { label: 'Flow' } },
      { id: 'remote', component: 'Video', url: 'agent_files/demo/flow.webm', posterUrl: 'https://example.com/poster.png', accessibility: { label: 'Flow again' } },
    ];
    el.messages = [create({ components })];
    document.body.append(el);
    try {
      await waitUntil(() => $$(el, 'video[part="video"]').length === 2 && $(el, 'video[poster]'), 'the videos and the stored poster never showed', { timeout: 8000 });
      const [clip, remote] = $$(el, 'video[part="video"]') as HTMLVideoElement[];
      expect(clip?.poster).to.match(/^blob:/);
      expect(remote?.hasAttribute('poster')).to.equal(false);
      expect([...new Set(asked)].sort()).to.deep.equal(['agent_files/demo/flow.webm', 'agent_files/demo/overview.png']);
      await expect(el).to.be.accessible();
    } finally {
      el.remove();
    }
  });

  it('tells the page of a refusal that comes once v1.0 has loaded, even one of no surface', async () => {
    const el = document.createElement('mantis-a2ui-surface');
    const errors = errorsOf(el);
    // A function call without its ID: no valid message (one with its ID is answered: v1-calls.test.ts).
    el.messages = [{ version: 'v1.0', callRendererFunction: { callFunction: { call: 'openUrl', catalogId: V1_BASIC, args: { url: 'https://example.com' } } } }];
    document.body.append(el);
    try {
      await waitUntil(() => errors.length > 0, 'the refusal was never told', { timeout: 5000 });
      expect(errors.map((e) => [e.error.code, 'path' in e.error && e.error.path])).to.deep.equal([['VALIDATION_FAILED', '/functionCallId']]);
    } finally {
      el.remove();
    }
  });
});
