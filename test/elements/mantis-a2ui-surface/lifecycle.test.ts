// What <mantis-a2ui-surface> reports over a surface's life: a refused message every time it is sent (the agent may
// repeat a mistake), a render-time error once while the components stay the same, again after the agent's next
// updateComponents; errors about a higher-order component point into what the agent wrote; and a surface deleted and
// created again under its ID starts without the state of the one before.
import { expect } from '@open-wc/testing';
import '../../../elements/index.js';
import { MANTIS_CATALOG_ID } from '../../../src/protocols/a2ui/types.js';
import { $$, components, create, data, errorsOf, render, surfaceOf, type, $ } from './fixtures.js';

describe('<mantis-a2ui-surface> over a surface\'s life', () => {
  it('reports a refused message each time it is sent', async () => {
    const el = await render(surfaceOf([{ id: 'root', component: 'Text', text: 'ok' }]));
    const errors = errorsOf(el);
    const bad = () => components('s', [{ id: 'x', component: 'Text', text: 42 }]);
    el.messages = [...el.messages, bad()];
    await el.updateComplete;
    el.messages = [...el.messages, bad()];
    await el.updateComplete;
    expect(errors.map((e) => ('path' in e.error ? e.error.path : ''))).to.deep.equal(['/components/0/text', '/components/0/text']);
  });

  it('reports a render-time error once while the components stay the same, and again after an updateComponents', async () => {
    const el = await render(
      surfaceOf([
        { id: 'root', component: 'Column', children: ['field', 'gone'] },
        { id: 'field', component: 'TextField', label: 'Name', value: { path: '/name' } },
      ]),
    );
    const errors = errorsOf(el);
    const input = $<HTMLInputElement>(el, 'input');
    for (const text of ['A', 'Ad', 'Ada']) {
      type(input as HTMLInputElement, text);
      await el.updateComplete;
    }
    expect(errors, 'keystrokes report nothing new').to.deep.equal([]);
    el.messages = [...el.messages, components('s', [{ id: 'field', component: 'TextField', label: 'Your name', value: { path: '/name' } }])];
    await el.updateComplete;
    expect(errors.map((e) => e.error.message)).to.have.length(1);
    expect(errors[0]?.error.message).to.contain('gone');
  });

  it('points an error about a higher-order component\'s message into what the agent wrote', async () => {
    const errors = errorsOf(document.body);
    await render([
      { version: 'v0.9', createSurface: { surfaceId: 'm', catalogId: MANTIS_CATALOG_ID } },
      components('m', [
        { id: 'root', component: 'StatCard', label: 'Flow', value: '42 m3/h' },
        { id: 'bad', component: 'Text', text: 42 },
      ]),
    ]);
    const mine = errors.filter((e) => e.error.surfaceId === 'm');
    expect(mine.map((e) => ('path' in e.error ? e.error.path : ''))).to.deep.equal(['/components/1/text']);
  });

  it('starts a surface created again under its ID without the state of the one before', async () => {
    const tabs = [
      { id: 'root', component: 'Tabs', tabs: [{ title: 'One', child: 'a' }, { title: 'Two', child: 'b' }] },
      { id: 'a', component: 'Text', text: 'Tab one' },
      { id: 'b', component: 'Text', text: 'Tab two' },
    ];
    const el = await render([create('s'), components('s', tabs)]);
    $$<HTMLButtonElement>(el, '[role="tab"]')[1]?.click();
    await el.updateComplete;
    expect($(el, '[role="tabpanel"]')?.textContent?.trim()).to.equal('Tab two');
    el.messages = [...el.messages, { version: 'v0.9', deleteSurface: { surfaceId: 's' } }, create('s'), components('s', tabs), data('s', {})];
    await el.updateComplete;
    expect($(el, '[role="tabpanel"]')?.textContent?.trim()).to.equal('Tab one');
  });
  it('gives a component whose type changed fresh local state (renderer_guide.md "Component Lifecycle"), and keeps it otherwise', async () => {
    const tabs = (titles: readonly string[]) => ({ id: 'root', component: 'Tabs', tabs: titles.map((title, i) => ({ title, child: i === 0 ? 'a' : 'b' })) });
    const el = await render([create('s'), components('s', [tabs(['One', 'Two']), { id: 'a', component: 'Text', text: 'Tab one' }, { id: 'b', component: 'Text', text: 'Tab two' }])]);
    $$<HTMLButtonElement>(el, '[role="tab"]')[1]?.click();
    await el.updateComplete;
    el.messages = [...el.messages, components('s', [tabs(['Uno', 'Dos'])])];
    await el.updateComplete;
    expect($(el, '[role="tabpanel"]')?.textContent?.trim(), 'the same type keeps the selection').to.equal('Tab two');
    el.messages = [...el.messages, components('s', [{ id: 'root', component: 'Column', children: ['a'] }])];
    await el.updateComplete;
    expect($(el, '[role="tablist"]')).to.equal(null);
    el.messages = [...el.messages, components('s', [tabs(['One', 'Two'])])];
    await el.updateComplete;
    expect($(el, '[role="tabpanel"]')?.textContent?.trim(), 'a Tabs again is a new one').to.equal('Tab one');
  });
  it('refuses a surface of a version it does not read, with a notice in its place and the error for the agent', async () => {
    const v2 = { version: 'v2.0', createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v2_0/catalogs/basic/catalog.json' } };
    const el = await render([]);
    const errors = errorsOf(el);
    el.messages = [v2];
    await el.updateComplete;
    expect(errors.map((e) => ('path' in e.error ? `${e.error.path} ${e.error.message}` : ''))).to.deep.equal(['/version Expected version "v0.9" or "v0.9.1".']);
    expect($(el, '[part="fallback"]')?.textContent?.trim()).to.equal('This surface could not be shown.');
  });

  it('says a surface has nothing to show when its components were refused and no more may come, never an empty box', async () => {
    const el = await render([create('s'), components('s', [{ id: 'root', component: 'Hologram' }])]);
    expect($(el, '[part="fallback"]')?.textContent).to.equal('This surface has nothing to show: no root component was sent.');
    expect($(el, '[part="fallback"]')?.getAttribute('role')).to.equal('status');
    el.pending = true;
    await el.updateComplete;
    expect($(el, '[part="fallback"]'), 'while more messages may come, the root may still arrive').to.equal(null);
    el.messages = [...el.messages, components('s', [{ id: 'root', component: 'Text', text: 'Here now' }])];
    el.pending = false;
    await el.updateComplete;
    expect($(el, '[part="fallback"]')).to.equal(null);
    expect($(el, '[part="text"]')?.textContent?.trim()).to.equal('Here now');
  });
  it('keeps what a surface shows when an update of the agent\'s is refused, and says so beside it until one applies', async () => {
    const el = await render([create('s'), components('s', [{ id: 'root', component: 'Text', text: 'Kept' }])]);
    expect($(el, '[part="note"]')).to.equal(null);
    el.messages = [...el.messages, components('s', [{ id: 'root', component: 'Text', text: 42 }])];
    await el.updateComplete;
    expect($(el, '[part="text"]')?.textContent?.trim()).to.equal('Kept');
    expect($(el, '[part="note"]')?.textContent).to.equal("The agent's last change to this surface could not be applied.");
    expect($(el, '[part="note"]')?.getAttribute('role')).to.equal('status');
    el.messages = [...el.messages, data('s', 'fresh', '/x')];
    await el.updateComplete;
    expect($(el, '[part="note"]'), 'gone once a change applies').to.equal(null);
  });
});
