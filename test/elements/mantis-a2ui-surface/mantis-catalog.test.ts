// Our second A2UI catalog in <mantis-a2ui-surface> (MANTIS_CATALOG_ID): its basic components, our v1 components drawn
// by <mantis-ui-view>, and higher-order components expanded into basic ones (bindings and templates kept); a surface
// on it is reported and falls back only where the agent got something wrong. And `pending`: a reference to a
// component not sent yet shows a placeholder, and is reported only once no more messages are coming.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import { MANTIS_CATALOG_ID } from '../../../src/protocols/a2ui/types.js';
import { $, $$, components, create, data, errorsOf, render, root, textOf } from './fixtures.js';

const onMantis = (list: readonly Record<string, unknown>[], model?: unknown) => [
  { version: 'v0.9', createSurface: { surfaceId: 'm', catalogId: MANTIS_CATALOG_ID } },
  components('m', list),
  ...(model === undefined ? [] : [data('m', model)]),
];

describe('<mantis-a2ui-surface> our A2UI catalog', () => {
  it('draws a v1 component through <mantis-ui-view>, beside basic components', async () => {
    const el = await render(
      onMantis([
        { id: 'root', component: 'Column', children: ['title', 'note'] },
        { id: 'title', component: 'Text', text: 'Station report', variant: 'h2' },
        { id: 'note', component: 'MantisCallout', tone: 'warning', title: 'Few points', body: 'Only **12** points match.' },
      ]),
    );
    const view = $(el, 'mantis-ui-view') as (HTMLElement & { updateComplete: Promise<unknown> }) | null;
    expect(view).not.to.equal(null);
    await view?.updateComplete;
    expect(view?.shadowRoot?.textContent).to.contain('Few points');
    expect(view?.shadowRoot?.querySelector('strong')?.textContent).to.equal('12');
    expect(textOf(el)).to.contain('Station report');
    await expect(el).to.be.accessible();
  });

  it('hands a v1 component the action policy of the message it belongs to (Ask is read-only; disabled while streaming)', async () => {
    const el = await render(onMantis([{ id: 'root', component: 'MantisCallout', body: 'Note.' }]));
    Object.assign(el, { messageId: 'a7', readOnly: true, actionsDisabled: true });
    await el.updateComplete;
    const view = $(el, 'mantis-ui-view') as (HTMLElement & { messageId?: string; readOnly?: boolean; actionsDisabled?: boolean }) | null;
    expect([view?.messageId, view?.readOnly, view?.actionsDisabled]).to.deep.equal(['a7', true, true]);
  });

  it('expands a higher-order component into basic ones, with its bound list as a template', async () => {
    const errors = errorsOf(document.body);
    const el = await render(
      onMantis(
        [
          { id: 'root', component: 'Column', children: ['plan'] },
          {
            id: 'plan',
            component: 'PricingCard',
            title: 'Team',
            price: { path: '/price' },
            features: { path: '/features' },
            cta: { label: 'Choose Team', action: { event: { name: 'choose', context: { plan: 'team' } } } },
          },
        ],
        { price: '$12 / month', features: ['Unlimited chats', 'Shared history'] },
      ),
    );
    const text = textOf(el);
    expect(text).to.contain('Team');
    expect(text).to.contain('$12 / month');
    expect(text).to.contain('Unlimited chats');
    expect(text).to.contain('Shared history');
    expect($$(el, 'button').map((b) => b.textContent?.trim())).to.include('Choose Team');
    expect(root(el).querySelector('[part="fallback"], [part="placeholder"]')).to.equal(null);
    expect(errors).to.deep.equal([]);
  });

  it('refuses an invalid higher-order component with an error, like any invalid component', async () => {
    const errors = errorsOf(document.body);
    const el = await render(onMantis([{ id: 'root', component: 'StatCard', label: 'Flow', value: '42', bogus: true }]));
    await waitUntil(() => errors.length > 0, 'no error');
    expect(errors[0]?.error).to.include({ code: 'VALIDATION_FAILED', surfaceId: 'm' });
    expect(errors[0]?.error.message).to.contain('bogus');
    expect(el.store, 'the surface never ran its code').to.not.equal(null);
    expect(el.store?.get('m')?.components.has('root') ?? false).to.equal(false);
  });
});

describe('<mantis-a2ui-surface> pending', () => {
  it('holds the error of a component not sent yet while pending, and reports it once no more are coming', async () => {
    const el = await render([]);
    el.pending = true;
    const errors = errorsOf(el);
    el.messages = [create('s'), components('s', [{ id: 'root', component: 'Card', child: 'later' }])];
    await el.updateComplete;
    expect($(el, '[part="placeholder"]')?.textContent).to.contain('missing');
    expect(errors).to.deep.equal([]);
    // The component arrives: nothing to report.
    el.messages = [...el.messages, components('s', [{ id: 'later', component: 'Text', text: 'Here now' }])];
    await el.updateComplete;
    expect(textOf(el)).to.contain('Here now');
    el.messages = [...el.messages, components('s', [{ id: 'root', component: 'Card', child: 'never' }])];
    await el.updateComplete;
    expect(errors).to.deep.equal([]);
    el.pending = false;
    await el.updateComplete;
    await el.updateComplete;
    expect(errors.map((d) => d.error.code)).to.deep.equal(['VALIDATION_FAILED']);
    expect(errors[0]?.error).to.include({ surfaceId: 's' });
    expect(errors[0]?.error.message).to.contain('never');
  });
});
