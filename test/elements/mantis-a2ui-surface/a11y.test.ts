// <mantis-a2ui-surface> accessibility: axe in the light and dark themes (every component, every example, the dialogs,
// failing checks), and the keyboard paths: Tabs with arrow keys, Home and End; Modal opened from its trigger, closed
// with Escape, focus back on the trigger.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, $$, actionsOf, specExamples, render, surfaceOf, type } from './fixtures.js';

const EVERYTHING = surfaceOf(
  [
    { id: 'root', component: 'Column', children: ['title', 'row', 'list', 'card', 'tabs', 'modal', 'div', 'btn', 'tf', 'cb', 'cp', 'chips', 'sl', 'dt', 'img', 'ico', 'vid'] },
    { id: 'title', component: 'Text', text: 'Order', variant: 'h2' },
    { id: 'row', component: 'Row', children: ['a', 'b'], justify: 'spaceBetween' },
    { id: 'a', component: 'Text', text: 'Left' },
    { id: 'b', component: 'Text', text: 'Right', variant: 'caption' },
    { id: 'list', component: 'List', children: { componentId: 'item', path: '/items' } },
    { id: 'item', component: 'Text', text: { path: 'name' } },
    { id: 'card', component: 'Card', child: 'd' },
    { id: 'd', component: 'Text', text: 'In a card with **bold** text' },
    { id: 'tabs', component: 'Tabs', tabs: [{ title: 'First', child: 't1' }, { title: 'Second', child: 't2' }, { title: 'Third', child: 't3' }] },
    { id: 't1', component: 'Text', text: 'Tab one' },
    { id: 't2', component: 'Text', text: 'Tab two' },
    { id: 't3', component: 'Text', text: 'Tab three' },
    { id: 'modal', component: 'Modal', trigger: 'open', content: 'mc' },
    { id: 'open', component: 'Button', child: 'openText', action: { event: { name: 'should-not-fire' } } },
    { id: 'openText', component: 'Text', text: 'Details' },
    { id: 'mc', component: 'Text', text: 'Modal content' },
    { id: 'div', component: 'Divider' },
    { id: 'btn', component: 'Button', child: 'bt', variant: 'primary', action: { event: { name: 'go' } } },
    { id: 'bt', component: 'Text', text: 'Go' },
    { id: 'tf', component: 'TextField', label: 'Name', value: { path: '/name' }, checks: [{ condition: { call: 'required', args: { value: { path: '/name' } } }, message: 'Name is required' }] },
    { id: 'cb', component: 'CheckBox', label: 'Agree', value: { path: '/agree' } },
    { id: 'cp', component: 'ChoicePicker', label: 'Size', options: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }], value: { path: '/size' }, filterable: true },
    { id: 'chips', component: 'ChoicePicker', label: 'Extras', variant: 'multipleSelection', displayStyle: 'chips', options: [{ label: 'Milk', value: 'm' }, { label: 'Sugar', value: 's' }], value: { path: '/extras' } },
    { id: 'sl', component: 'Slider', label: 'Volume', min: 0, max: 10, value: { path: '/volume' } },
    { id: 'dt', component: 'DateTimeInput', label: 'When', value: { path: '/when' }, enableDate: true },
    { id: 'img', component: 'Image', url: 'https://example.com/cat.png', description: 'A cat' },
    { id: 'ico', component: 'Icon', name: 'star' },
    { id: 'vid', component: 'Video', url: 'agent_files/demo/clip.mp4' },
  ],
  { items: [{ name: 'One' }, { name: 'Two' }], name: 'Ada', agree: false, size: ['s'], extras: [], volume: 3, when: '' },
  { theme: { primaryColor: '#3346c4' } },
);

describe('<mantis-a2ui-surface> accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`every component is accessible in the ${theme} theme, a failing check too`, async () => {
      const el = await render(EVERYTHING, theme);
      await expect(el).to.be.accessible();
      type($<HTMLInputElement>(el, '[part="field"] input')!, '');
      await el.updateComplete;
      expect($<HTMLInputElement>(el, '[part="field"] input')!.getAttribute('aria-invalid')).to.equal('true');
      await expect(el).to.be.accessible();
    });

    it(`every example is accessible in the ${theme} theme`, async function () {
      const examples = await specExamples();
      for (const example of examples) {
        const el = await render(example.messages, theme);
        try {
          await expect(el, example.file).to.be.accessible();
        } catch (error) {
          throw new Error(`${example.file}: ${String(error)}`);
        }
        el.remove();
      }
    });

    it(`the open link dialog and an open Modal are accessible in the ${theme} theme`, async () => {
      const el = await render(
        surfaceOf([
          { id: 'root', component: 'Column', children: ['link', 'modal'] },
          { id: 'link', component: 'Button', child: 'lt', action: { functionCall: { call: 'openUrl', args: { url: 'https://example.com/' }, returnType: 'void' } } },
          { id: 'lt', component: 'Text', text: 'Visit' },
          { id: 'modal', component: 'Modal', trigger: 'mt', content: 'mc' },
          { id: 'mt', component: 'Text', text: 'More' },
          { id: 'mc', component: 'Text', text: 'Inside' },
        ]),
        theme,
      );
      $<HTMLButtonElement>(el, '[part="button"]')!.click();
      // The confirmation loads with the first link clicked.
      await waitUntil(() => $<HTMLDialogElement>(el, 'dialog[part="confirm"]')?.open === true, 'the confirmation opens');
      await expect(el).to.be.accessible();
      $<HTMLButtonElement>(el, '[data-confirm="cancel"]')!.click();
      await el.updateComplete;
      // A trigger that is not a Button is wrapped in one.
      $<HTMLButtonElement>(el, '.modal-open')!.click();
      await el.updateComplete;
      expect($<HTMLDialogElement>(el, 'dialog[part="dialog"]')!.open).to.equal(true);
      await expect(el).to.be.accessible();
    });
  }

  it('Tabs: roles, arrow keys, Home and End move the selection and focus; only the selected panel shows', async () => {
    const el = await render(EVERYTHING);
    const tabs = () => $$<HTMLButtonElement>(el, '[role="tab"]');
    const panel = $(el, '[role="tabpanel"]')!;
    expect($(el, '[role="tablist"]') !== null).to.equal(true);
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false']);
    expect(tabs().map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
    expect(tabs()[0]!.getAttribute('aria-controls')).to.equal(panel.id);
    expect(panel.getAttribute('aria-labelledby')).to.equal(tabs()[0]!.id);
    tabs()[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(tabs()[1]!.getAttribute('aria-selected')).to.equal('true');
    expect(el.shadowRoot!.activeElement === tabs()[1]).to.equal(true);
    expect(panel.textContent?.trim()).to.equal('Tab two');
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(panel.textContent?.trim()).to.equal('Tab three');
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(panel.textContent?.trim()).to.equal('Tab one');
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(panel.textContent?.trim()).to.equal('Tab three');
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(panel.textContent?.trim()).to.equal('Tab one');
    expect(el.shadowRoot!.activeElement === tabs()[0]).to.equal(true);
    expect(panel.getAttribute('aria-labelledby')).to.equal(tabs()[0]!.id);
  });

  it('Modal: the trigger opens a modal dialog (its own action does not run), Escape closes it, focus returns to the trigger', async () => {
    const el = await render(EVERYTHING);
    const actions = actionsOf(el);
    const trigger = $$<HTMLButtonElement>(el, '[part="modal"] [part="button"]')[0]!;
    const dialog = $<HTMLDialogElement>(el, 'dialog[part="dialog"]')!;
    expect(dialog.open).to.equal(false);
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.textContent).to.contain('Modal content');
    expect(dialog.contains(el.shadowRoot!.activeElement)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.open).to.equal(false);
    expect(el.shadowRoot!.activeElement === trigger).to.equal(true);
    expect(actions.length).to.equal(0);
    // The Close button closes it too.
    trigger.click();
    $<HTMLButtonElement>(el, '[part="dialog-close"]')!.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.open).to.equal(false);
  });

  it('every input has a label, even without a label prop', async () => {
    const el = await render(
      surfaceOf(
        [
          { id: 'root', component: 'Column', children: ['cb', 'sl', 'dt'] },
          { id: 'cb', component: 'CheckBox', label: '', value: { path: '/c' } },
          { id: 'sl', component: 'Slider', max: 5, value: { path: '/v' } },
          { id: 'dt', component: 'DateTimeInput', value: { path: '/d' }, enableTime: true },
        ],
        { c: false, v: 1, d: '' },
      ),
    );
    for (const input of $$<HTMLInputElement>(el, 'input')) expect(input.labels?.[0]?.textContent?.trim() ?? '').to.not.equal('');
    await expect(el).to.be.accessible();
  });
});
