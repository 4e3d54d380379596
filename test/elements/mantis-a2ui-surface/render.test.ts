// <mantis-a2ui-surface> renders the basic catalog: every example of the specification and every component, each
// variant as the implementation guide maps it.
import { expect, waitUntil } from '@open-wc/testing';
import { $, $$, collect, components, create, data, errorsOf, specExamples, render, surfaceOf, textOf, type } from './fixtures.js';

// Assertions take booleans, numbers and strings, never DOM nodes: a failure message that serialises one can stall
// the test runner.
describe('<mantis-a2ui-surface> rendering', () => {
  it('renders every example of the specification, with no fallback and no error', async function () {
    const examples = await specExamples();
    for (const example of examples) {
      const el = document.createElement('mantis-a2ui-surface');
      const errors = errorsOf(el);
      el.messages = example.messages;
      document.body.append(el);
      await el.updateComplete;
      try {
        expect($$(el, '[part="surface"]').length, example.file).to.equal(1);
        expect($(el, '[part="fallback"], [part="placeholder"]') === null, `${example.file}: ${textOf(el).slice(0, 200)}`).to.equal(true);
        expect(textOf(el).length, example.file).to.be.greaterThan(10);
        expect(JSON.stringify(errors.map((e) => e.error)), example.file).to.equal('[]');
      } finally {
        el.remove();
      }
    }
  });

  it('shows the examples\' text and input values (login form, incremental dashboard)', async function () {
    const examples = await specExamples();
    const login = examples.find((e) => e.file.startsWith('09_'))!;
    const el = await render(login.messages);
    expect(textOf(el)).to.contain('Welcome back');
    expect($(el, 'input[type="password"]') !== null).to.equal(true);
    // The surface's top heading takes the element's heading-level (3 unless set).
    expect($(el, '[role="heading"][data-variant="h2"]')?.textContent?.trim()).to.equal('Welcome back');
    expect($(el, '[role="heading"][data-variant="h2"]')?.getAttribute('aria-level')).to.equal('3');
    const dashboard = examples.find((e) => e.file.startsWith('31_'))!;
    const board = await render(dashboard.messages);
    // The template list: one item per log entry, each bound relative to its entry.
    expect($$(board, '[part="list"] > [role="listitem"]').length).to.equal(3);
    expect(textOf(board)).to.contain('All services healthy.');
  });

  it('renders Text variants as headings, captions and body, Markdown through the restricted renderer', async () => {
    const el = await render(
      surfaceOf([
        { id: 'root', component: 'Column', children: ['h1', 'h3', 'cap', 'md', 'evil'] },
        { id: 'h1', component: 'Text', text: 'Big **title**', variant: 'h1' },
        { id: 'h3', component: 'Text', text: 'Mid', variant: 'h3' },
        { id: 'cap', component: 'Text', text: 'small print', variant: 'caption' },
        { id: 'md', component: 'Text', text: 'Some *emphasis*\n\n- one\n- two' },
        { id: 'evil', component: 'Text', text: '<img src=x onerror="window.__pwned=1"> [link](https://evil.invalid/) ![i](https://evil.invalid/i.png)' },
      ]),
    );
    expect($(el, '[data-variant="h1"]')?.textContent?.trim()).to.equal('Big title');
    expect($(el, '[data-variant="h1"] strong')?.textContent).to.equal('title');
    expect($(el, '[data-variant="h1"] p') === null).to.equal(true);
    // Levels count from heading-level and never skip one: h1 → 3, then h3 → 4 (not 5).
    expect($$(el, '[role="heading"]').map((h) => h.getAttribute('aria-level'))).to.deep.equal(['3', '4']);
    el.headingLevel = 1;
    await el.updateComplete;
    expect($$(el, '[role="heading"]').map((h) => h.getAttribute('aria-level'))).to.deep.equal(['1', '2']);
    expect(parseFloat(getComputedStyle($(el, '[data-variant="h1"]')!).fontSize)).to.be.greaterThan(parseFloat(getComputedStyle($(el, '[data-variant="h3"]')!).fontSize));
    expect($(el, '[data-variant="caption"]')?.textContent?.trim()).to.equal('small print');
    expect($(el, '[data-variant="body"] em')?.textContent).to.equal('emphasis');
    expect($$(el, '[data-variant="body"] li').length).to.equal(2);
    expect($$(el, 'img, a[href]').length).to.equal(0);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(textOf(el)).to.contain('link');
  });

  it('renders every component of the basic catalog', async () => {
    const errors: unknown[] = [];
    const el = await render(
      surfaceOf(
        [
          { id: 'root', component: 'Column', children: ['row', 'list', 'card', 'tabs', 'modal', 'div', 'btn', 'tf', 'cb', 'cp', 'sl', 'dt', 'img', 'ico', 'vid', 'aud'] },
          { id: 'row', component: 'Row', children: ['a', 'b'], justify: 'spaceBetween', align: 'center' },
          { id: 'a', component: 'Text', text: 'A', weight: 2 },
          { id: 'b', component: 'Text', text: 'B' },
          { id: 'list', component: 'List', children: ['c'], direction: 'horizontal' },
          { id: 'c', component: 'Text', text: 'C' },
          { id: 'card', component: 'Card', child: 'd' },
          { id: 'd', component: 'Text', text: 'In a card' },
          { id: 'tabs', component: 'Tabs', tabs: [{ title: 'First', child: 't1' }, { title: 'Second', child: 't2' }] },
          { id: 't1', component: 'Text', text: 'Tab one' },
          { id: 't2', component: 'Text', text: 'Tab two' },
          { id: 'modal', component: 'Modal', trigger: 'open', content: 'mc' },
          { id: 'open', component: 'Button', child: 'openText', action: { event: { name: 'noop' } } },
          { id: 'openText', component: 'Text', text: 'Open' },
          { id: 'mc', component: 'Text', text: 'Modal content' },
          { id: 'div', component: 'Divider', axis: 'horizontal' },
          { id: 'btn', component: 'Button', child: 'bt', variant: 'primary', action: { event: { name: 'go' } } },
          { id: 'bt', component: 'Text', text: 'Go' },
          { id: 'tf', component: 'TextField', label: 'Name', value: { path: '/name' }, variant: 'longText' },
          { id: 'cb', component: 'CheckBox', label: 'Agree', value: { path: '/agree' } },
          { id: 'cp', component: 'ChoicePicker', label: 'Size', options: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }], value: { path: '/size' }, displayStyle: 'chips' },
          { id: 'sl', component: 'Slider', label: 'Volume', min: 0, max: 10, value: { path: '/volume' } },
          { id: 'dt', component: 'DateTimeInput', label: 'When', value: { path: '/when' }, enableDate: true },
          { id: 'img', component: 'Image', url: 'https://example.com/cat.png', description: 'A cat' },
          { id: 'ico', component: 'Icon', name: 'shoppingCart' },
          { id: 'vid', component: 'Video', url: 'agent_files/demo/clip.mp4' },
          { id: 'aud', component: 'AudioPlayer', url: 'agent_files/demo/song.mp3', description: 'A song' },
        ],
        { name: 'Ada', agree: true, size: ['l'], volume: 7, when: '2025-12-15' },
      ),
    );
    el.addEventListener('mantis-a2ui-error', (e) => errors.push(e));
    expect($(el, '[part="row"]')?.dataset['justify']).to.equal('spaceBetween');
    expect(getComputedStyle($(el, '[part="row"]')!).justifyContent).to.equal('space-between');
    expect(getComputedStyle($(el, '[part="row"] [part="text"]')!).flexGrow).to.equal('2');
    expect($(el, '[part="list"]')?.dataset['direction']).to.equal('horizontal');
    expect($(el, '[part="card"]')?.textContent?.trim()).to.equal('In a card');
    expect($$(el, '[role="tab"]').length).to.equal(2);
    expect($(el, '[role="tabpanel"]')?.textContent?.trim()).to.equal('Tab one');
    expect($<HTMLDialogElement>(el, 'dialog[part="dialog"]')?.open).to.equal(false);
    expect($(el, 'hr[part="divider"]') !== null).to.equal(true);
    expect($(el, '[part="button"][data-variant="primary"]')?.textContent?.trim()).to.equal('Go');
    expect($<HTMLTextAreaElement>(el, 'textarea')?.value).to.equal('Ada');
    expect($<HTMLInputElement>(el, '[part="checkbox"] input')?.checked).to.equal(true);
    expect($$<HTMLInputElement>(el, '[part="choice-picker"] input[type="radio"]').map((i) => i.checked)).to.deep.equal([false, true]);
    expect($<HTMLInputElement>(el, 'input[type="range"]')?.value).to.equal('7');
    expect($<HTMLInputElement>(el, 'input[type="date"]')?.value).to.equal('2025-12-15');
    expect($(el, '[part="image-placeholder"]')?.getAttribute('aria-label')).to.contain('A cat');
    expect($(el, '[part="icon"]')?.getAttribute('aria-label')).to.equal('shopping cart');
    expect($$(el, '[part="media-placeholder"]').length).to.equal(2);
    expect(textOf(el)).to.contain('Audio not loaded: A song');
    expect($$(el, 'img, video, audio, iframe').length).to.equal(0);
    await el.updateComplete;
    expect(errors.length).to.equal(0);
  });

  it('maps TextField variants and DateTimeInput modes to native inputs', async () => {
    const el = await render(
      surfaceOf(
        [
          { id: 'root', component: 'Column', children: ['short', 'num', 'pw', 'time', 'both'] },
          { id: 'short', component: 'TextField', label: 'Short', value: 'x' },
          { id: 'num', component: 'TextField', label: 'Number', value: { path: '/n' }, variant: 'number' },
          { id: 'pw', component: 'TextField', label: 'Secret', variant: 'obscured' },
          { id: 'time', component: 'DateTimeInput', label: 'At', value: { path: '/at' }, enableTime: true },
          { id: 'both', component: 'DateTimeInput', label: 'Moment', value: { path: '/at' }, enableDate: true, enableTime: true },
        ],
        { n: '42', at: '2025-12-15T09:30:00' },
      ),
    );
    expect($$<HTMLInputElement>(el, 'input').map((i) => i.type)).to.deep.equal(['text', 'number', 'password', 'time', 'datetime-local']);
    expect($<HTMLInputElement>(el, 'input[type="time"]')?.value).to.equal('09:30');
    expect($<HTMLInputElement>(el, 'input[type="datetime-local"]')?.value).to.equal('2025-12-15T09:30');
  });

  it('renders every surface in creation order, or only the one named by surface-id', async () => {
    const messages = [create('one'), components('one', [{ id: 'root', component: 'Text', text: 'First' }]), create('two'), components('two', [{ id: 'root', component: 'Text', text: 'Second' }])];
    const el = await render(messages);
    expect($$(el, '[part="surface"]').map((s) => s.dataset['surfaceId'])).to.deep.equal(['one', 'two']);
    el.setAttribute('surface-id', 'two');
    await el.updateComplete;
    expect(textOf(el)).to.equal('Second');
    // deleteSurface removes it.
    el.messages = [...messages, { version: 'v0.9', deleteSurface: { surfaceId: 'two' } }];
    await el.updateComplete;
    expect($$(el, '[part="surface"]').length).to.equal(0);
  });

  it('applies the theme: a valid primaryColor colors primary buttons, an invalid one is ignored', async () => {
    const button = (color: string) => surfaceOf([{ id: 'root', component: 'Button', child: 't', variant: 'primary', action: { event: { name: 'x' } } }, { id: 't', component: 'Text', text: 'Go' }], undefined, { theme: { primaryColor: color, agentDisplayName: 'Weather Bot', iconUrl: 'https://evil.invalid/icon.png' } });
    const el = await render(button('#ff0000'));
    expect(getComputedStyle($(el, '[part="button"]')!).backgroundColor).to.equal('rgb(255, 0, 0)');
    expect($(el, '[part="agent"]')?.textContent).to.equal('Weather Bot');
    const bad = await render([...button('#ff0000').slice(0, 0), create('s', { theme: { primaryColor: 'red; background: url(https://evil.invalid/x)' } }), components('s', [{ id: 'root', component: 'Text', text: 'x' }])]);
    expect($(bad, '[part="surface"]')?.getAttribute('style') ?? '').to.not.contain('evil');
  });

  it('shows a placeholder for a component that fails to render and for one outside the catalog', async () => {
    const el = await render(
      surfaceOf([
        { id: 'root', component: 'Column', children: ['ok', 'tabs'] },
        { id: 'ok', component: 'Text', text: 'still here' },
        // A Tabs whose tabs is not an array of objects: the store may refuse it; the surface must still show.
        { id: 'tabs', component: 'Tabs', tabs: [{ title: 'T', child: 'ok' }] },
      ]),
    );
    expect(textOf(el)).to.contain('still here');
    // Data of the wrong type bound into props: no exception, a sensible rendering.
    const typed = await render(
      surfaceOf(
        [
          { id: 'root', component: 'Column', children: ['t', 's', 'c'] },
          { id: 't', component: 'Text', text: { path: '/obj' } },
          { id: 's', component: 'Slider', label: 'S', max: 10, value: { path: '/obj' } },
          { id: 'c', component: 'ChoicePicker', label: 'C', options: [{ label: 'A', value: 'a' }], value: { path: '/obj' } },
        ],
        { obj: { deep: [1, 2, 3] } },
      ),
    );
    expect($$(typed, '[part="surface"]').length).to.equal(1);
    expect($<HTMLInputElement>(typed, 'input[type="range"]')?.value).to.equal('0');
  });

  it('draws a component referenced from two places in both, each an instance of its own', async () => {
    const el = await render(
      surfaceOf([
        { id: 'root', component: 'Column', children: ['shared', 'card', 'tabs'] },
        { id: 'card', component: 'Card', child: 'shared' },
        { id: 'tabs', component: 'Tabs', tabs: [{ title: 'A', child: 'shared' }, { title: 'B', child: 'shared' }] },
        { id: 'shared', component: 'Text', text: 'Same **text**' },
      ]),
    );
    expect($$(el, '[part="text"]').map((t) => t.textContent?.trim())).to.deep.equal(['Same text', 'Same text', 'Same text']);
    $$<HTMLButtonElement>(el, '[role="tab"]')[1]!.click();
    await el.updateComplete;
    expect($$(el, '[part="text"]').map((t) => t.textContent?.trim())).to.deep.equal(['Same text', 'Same text', 'Same text']);
  });

  it('fires mantis-a2ui-change with the surface id when messages apply and when an input writes', async () => {
    const el = document.createElement('mantis-a2ui-surface');
    const changes = collect<{ surfaceId: string }>(el, 'mantis-a2ui-change');
    el.messages = surfaceOf([{ id: 'root', component: 'TextField', label: 'Name', value: { path: '/name' } }], { name: '' });
    document.body.append(el);
    await el.updateComplete;
    try {
      expect(changes.map((c) => c.surfaceId)).to.deep.equal(['s']);
      type($<HTMLInputElement>(el, 'input')!, 'x');
      await el.updateComplete;
      expect(changes.map((c) => c.surfaceId)).to.deep.equal(['s', 's']);
    } finally {
      el.remove();
    }
  });

  it('applies messages a store refuses as errors and keeps rendering the rest', async () => {
    const el = document.createElement('mantis-a2ui-surface');
    const errors = errorsOf(el);
    el.messages = [...surfaceOf([{ id: 'root', component: 'Text', text: 'fine' }]), { version: 'v0.9', bogus: {} }, data('nope', 1)];
    document.body.append(el);
    await el.updateComplete;
    try {
      expect(textOf(el)).to.equal('fine');
      expect(errors.length).to.equal(2);
      // Each distinct error once, across renders.
      el.requestUpdate();
      await el.updateComplete;
      expect(errors.length).to.equal(2);
    } finally {
      el.remove();
    }
  });
  it('asks the page\'s media resolver for a Video\'s and an AudioPlayer\'s stored keys (object URLs only); what cannot play, and other addresses, say why', async () => {
    // Eight bytes that are no video: the player is shown, then the browser's error turns it into a placeholder.
    const blob = URL.createObjectURL(new Blob([new Uint8Array(8)], { type: 'video/webm' }));
    const asked: string[] = [];
    const el = document.createElement('mantis-a2ui-surface');
    el.mediaResolver = async (key) => (asked.push(key), key.endsWith('.webm') ? blob : 'https://example.com/not-an-object-url.wav');
    el.messages = surfaceOf([
      { id: 'root', component: 'Column', children: ['clip', 'tone', 'remote'] },
      { id: 'clip', component: 'Video', url: 'agent_files/demo/flow.webm', accessibility: { label: 'Flow' } },
      { id: 'tone', component: 'AudioPlayer', url: 'agent_files/demo/tone.wav', description: 'Tone' },
      { id: 'remote', component: 'Video', url: 'https://example.com/clip.mp4' },
    ]);
    document.body.append(el);
    try {
      // The video is shown from the object URL, then the browser's error on eight bytes turns it into the note (the chat's
      // test plays a real file).
      await waitUntil(() => $$(el, '[part="media-placeholder"]').length === 3, 'the unplayable video never fell back', { timeout: 3000 });
      expect(asked.sort()).to.deep.equal(['agent_files/demo/flow.webm', 'agent_files/demo/tone.wav']);
      expect($(el, 'video, audio'), 'an address that is not an object URL is never played').to.equal(null);
      expect($$(el, '[part="media-placeholder"]').map((p) => p.textContent?.replace(/\s+/g, ' ').trim())).to.deep.equal([
        'Video could not be played: Flow',
        'Audio could not be played: Tone',
        'Video not played: it is not a stored file',
      ]);
    } finally {
      el.remove();
      URL.revokeObjectURL(blob);
    }
  });
});
