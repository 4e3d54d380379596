// <mantis-a2ui-surface> two-way binding: inputs write the surface's data model, components bound to the same path
// follow, templates bind relative to their item, actions carry the context resolved at the click, and appended
// messages keep the input elements (value, focus, caret) the user is working in.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, $$, actionsOf, components, data, render, surfaceOf, type } from './fixtures.js';

const form = (extra: Record<string, unknown> = {}) =>
  surfaceOf(
    [
      { id: 'root', component: 'Column', children: ['field', 'echo', 'send'] },
      {
        id: 'field',
        component: 'TextField',
        label: 'Email',
        value: { path: '/form/email' },
        checks: [{ condition: { call: 'email', args: { value: { path: '/form/email' } } }, message: 'Please enter a valid email address' }],
      },
      { id: 'echo', component: 'Text', text: { path: '/form/email' } },
      {
        id: 'send',
        component: 'Button',
        child: 'sendText',
        checks: [{ condition: { call: 'required', args: { value: { path: '/form/email' } } }, message: 'Email is required' }],
        action: { event: { name: 'submit', context: { email: { path: '/form/email' }, fixed: 'yes' } } },
      },
      { id: 'sendText', component: 'Text', text: 'Send' },
    ],
    { form: { email: '' } },
    extra,
  );

describe('<mantis-a2ui-surface> two-way binding', () => {
  it('writes the data model as the user types; a Text bound to the same path follows, in the same input element', async () => {
    const el = await render(form());
    const input = $<HTMLInputElement>(el, 'input')!;
    input.focus();
    await sendKeys({ type: 'ada@example.com' });
    await el.updateComplete;
    expect(el.store?.get('s')?.data).to.deep.equal({ form: { email: 'ada@example.com' } });
    expect($(el, '[part="text"]')?.textContent?.trim()).to.equal('ada@example.com');
    expect($<HTMLInputElement>(el, 'input') === input).to.equal(true);
    expect(el.shadowRoot!.activeElement === input).to.equal(true);
    expect(input.value).to.equal('ada@example.com');
  });

  it('disables a Button while its checks fail; shows a TextField\'s failing check once touched, with aria-invalid and aria-describedby', async () => {
    const el = await render(form());
    const button = $<HTMLButtonElement>(el, '[part="button"]')!;
    const input = $<HTMLInputElement>(el, 'input')!;
    expect(button.disabled).to.equal(true);
    // Untouched: no message yet.
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    expect($(el, '[part="field-error"]')?.hidden).to.equal(true);
    type(input, 'not-an-email');
    await el.updateComplete;
    expect(button.disabled).to.equal(false);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    const message = $(el, '[part="field-error"]')!;
    expect(message.hidden).to.equal(false);
    expect(message.textContent?.trim()).to.equal('Please enter a valid email address');
    expect(input.getAttribute('aria-describedby')).to.equal(message.id);
    type(input, 'ada@example.com');
    await el.updateComplete;
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    expect($(el, '[part="field-error"]')?.hidden).to.equal(true);
  });

  it('checks validationRegexp through the regex function', async () => {
    const el = await render(surfaceOf([{ id: 'root', component: 'TextField', label: 'Zip', value: { path: '/zip' }, validationRegexp: '^[0-9]{5}$' }], { zip: '' }));
    const input = $<HTMLInputElement>(el, 'input')!;
    type(input, '12a');
    await el.updateComplete;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    type(input, '12345');
    await el.updateComplete;
    expect(input.getAttribute('aria-invalid')).to.equal('false');
  });

  it('sends an action with its context resolved after typing, an ISO timestamp, and the data model when asked', async () => {
    const el = await render(form({ sendDataModel: true }));
    const actions = actionsOf(el);
    type($<HTMLInputElement>(el, 'input')!, 'grace@example.com');
    await el.updateComplete;
    $<HTMLButtonElement>(el, '[part="button"]')!.click();
    expect(actions.length).to.equal(1);
    const { action, dataModel } = actions[0]!;
    expect(action.name).to.equal('submit');
    expect(action.surfaceId).to.equal('s');
    expect(action.sourceComponentId).to.equal('send');
    expect(action.context).to.deep.equal({ email: 'grace@example.com', fixed: 'yes' });
    expect(new Date(action.timestamp).toISOString()).to.equal(action.timestamp);
    expect(dataModel).to.deep.equal({ form: { email: 'grace@example.com' } });
    // Without sendDataModel there is none.
    const plain = await render(form());
    const more = actionsOf(plain);
    type($<HTMLInputElement>(plain, 'input')!, 'x@y.zz');
    await plain.updateComplete;
    $<HTMLButtonElement>(plain, '[part="button"]')!.click();
    expect('dataModel' in more[0]!).to.equal(false);
  });

  it('renders a template once per item, bindings relative to the item, absolute ones from the root', async () => {
    const el = await render(
      surfaceOf(
        [
          { id: 'root', component: 'List', children: { componentId: 'person', path: '/people' } },
          { id: 'person', component: 'Column', children: ['name', 'company', 'edit', 'pick'] },
          { id: 'name', component: 'Text', text: { path: 'name' } },
          { id: 'company', component: 'Text', text: { path: '/company' } },
          { id: 'edit', component: 'TextField', label: 'Name', value: { path: 'name' } },
          { id: 'pick', component: 'Button', child: 'pickText', action: { event: { name: 'pick', context: { who: { path: 'name' } } } } },
          { id: 'pickText', component: 'Text', text: 'Pick' },
        ],
        { company: 'Acme', people: [{ name: 'Alice' }, { name: 'Bob' }] },
      ),
    );
    const actions = actionsOf(el);
    expect($$(el, '[role="listitem"]').length).to.equal(2);
    const names = () => $$(el, '[role="listitem"] [part="text"]').map((t) => t.textContent?.trim());
    expect(names()).to.deep.equal(['Alice', 'Acme', 'Pick', 'Bob', 'Acme', 'Pick']);
    const inputs = $$<HTMLInputElement>(el, 'input');
    type(inputs[1]!, 'Robert');
    await el.updateComplete;
    expect(el.store?.get('s')?.data).to.deep.equal({ company: 'Acme', people: [{ name: 'Alice' }, { name: 'Robert' }] });
    expect(names()).to.deep.equal(['Alice', 'Acme', 'Pick', 'Robert', 'Acme', 'Pick']);
    expect($$<HTMLInputElement>(el, 'input')[1] === inputs[1]).to.equal(true);
    // Each instance has its own ids: labels stay tied to their own input.
    const ids = inputs.map((i) => i.id);
    expect(new Set(ids).size).to.equal(2);
    $$<HTMLButtonElement>(el, '[part="button"]')[1]!.click();
    expect(actions[0]?.action.context).to.deep.equal({ who: 'Robert' });
  });

  it('writes CheckBox, ChoicePicker, Slider and DateTimeInput values', async () => {
    const el = await render(
      surfaceOf(
        [
          { id: 'root', component: 'Column', children: ['cb', 'multi', 'single', 'sl', 'dt'] },
          { id: 'cb', component: 'CheckBox', label: 'Agree', value: { path: '/agree' } },
          { id: 'multi', component: 'ChoicePicker', label: 'Toppings', variant: 'multipleSelection', options: [{ label: 'Cheese', value: 'cheese' }, { label: 'Olives', value: 'olives' }], value: { path: '/toppings' }, filterable: true },
          { id: 'single', component: 'ChoicePicker', label: 'Size', options: [{ label: 'S', value: 's' }, { label: 'L', value: 'l' }], value: { path: '/size' } },
          { id: 'sl', component: 'Slider', label: 'Level', min: 0, max: 1, value: { path: '/level' } },
          { id: 'dt', component: 'DateTimeInput', label: 'When', value: { path: '/when' }, enableDate: true, enableTime: true },
        ],
        { agree: false, toppings: ['cheese'], size: ['s'], level: 0.5, when: '' },
      ),
    );
    $<HTMLInputElement>(el, '[part="checkbox"] input')!.click();
    const boxes = $$<HTMLInputElement>(el, 'fieldset input[type="checkbox"]');
    boxes[1]!.click();
    await el.updateComplete;
    $$<HTMLInputElement>(el, 'input[type="radio"]')[1]!.click();
    const range = $<HTMLInputElement>(el, 'input[type="range"]')!;
    expect(range.step).to.equal('0.01');
    type(range, '0.75');
    const when = $<HTMLInputElement>(el, 'input[type="datetime-local"]')!;
    type(when, '2025-12-15T10:00');
    await el.updateComplete;
    expect(el.store?.get('s')?.data).to.deep.equal({ agree: true, toppings: ['cheese', 'olives'], size: ['l'], level: 0.75, when: '2025-12-15T10:00:00' });
    // The filter narrows the options by a case-insensitive substring of their labels.
    type($<HTMLInputElement>(el, '[part="filter"]')!, 'OLI');
    await el.updateComplete;
    expect($$(el, 'fieldset')[0]!.querySelectorAll('.option').length).to.equal(1);
  });

  it('keeps the input element, its typed value, caret and focus when messages are appended', async () => {
    const messages = form();
    const el = await render(messages);
    const input = $<HTMLInputElement>(el, 'input')!;
    input.focus();
    await sendKeys({ type: 'kept@example.com' });
    input.setSelectionRange(2, 4);
    await el.updateComplete;
    // The server adds a component before the field and writes another path.
    el.messages = [
      ...messages,
      components('s', [
        { id: 'root', component: 'Column', children: ['intro', 'field', 'echo', 'send'] },
        { id: 'intro', component: 'Text', text: 'Please sign up' },
      ]),
      data('s', 'hello', '/other'),
    ];
    await el.updateComplete;
    expect($<HTMLInputElement>(el, 'input') === input).to.equal(true);
    expect(input.value).to.equal('kept@example.com');
    expect(el.shadowRoot!.activeElement === input).to.equal(true);
    expect([input.selectionStart, input.selectionEnd]).to.deep.equal([2, 4]);
    expect($$(el, '[part="text"]')[0]?.textContent?.trim()).to.equal('Please sign up');
    // The server writes the field's own path: the same element shows the new value.
    el.messages = [...el.messages, data('s', 'server@example.com', '/form/email')];
    await el.updateComplete;
    expect($<HTMLInputElement>(el, 'input') === input).to.equal(true);
    expect(input.value).to.equal('server@example.com');
    expect(el.shadowRoot!.activeElement === input).to.equal(true);
  });

  it('starts over when the new array does not extend the applied one', async () => {
    const messages = form();
    const el = await render(messages);
    type($<HTMLInputElement>(el, 'input')!, 'typed@example.com');
    await el.updateComplete;
    el.messages = form();
    await el.updateComplete;
    expect(el.store?.get('s')?.data).to.deep.equal({ form: { email: '' } });
    expect($<HTMLInputElement>(el, 'input')!.value).to.equal('');
  });
});
