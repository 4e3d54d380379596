// The demo's controls and its tour of prompts, as a classic script (no modules, no build step): they use only the
// elements' public API (attributes, properties, methods and events). docs/demo.md describes the page. It runs once
// `MantisUI.ready` resolved: the script tag's modules load after it, and this script reads the chat's properties.
MantisUI.ready.then(() => {
  const params = new URLSearchParams(location.search);
  const chat = document.getElementById('chat');

  /**
   * `?agent=<origin>`: the reference agent server to talk to when the page is served from somewhere else (the demo's
   * browser test serves it from the test runner and passes the agent's origin). Only an http(s) origin is taken;
   * without one, every endpoint is relative to this page, as `npm start` serves it.
   */
  const agentOrigin = (() => {
    try {
      const url = new URL(params.get('agent') ?? '');
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
    } catch {
      return null;
    }
  })();
  const endpoint = (path) => (agentOrigin ? new URL(path, agentOrigin).href : path);

  // The Composer URL of a transport kind. `delay`, `chunk`, `fault` and `scenario` on the page's URL go to the
  // Composer's (docs/protocol.md): `?fault=drops:40` shows a reply that survives a dropped connection, for example.
  const composerUrl = (kind) => {
    const url = endpoint(`/api/v1/composer/${kind}`);
    const passed = new URLSearchParams();
    for (const name of ['delay', 'chunk', 'fault', 'scenario']) for (const value of params.getAll(name)) passed.append(name, value);
    return passed.size > 0 ? `${url}?${passed}` : url;
  };

  if (agentOrigin) {
    chat.mediaBaseUrl = endpoint('/api/v1/');
    chat.uploadUrl = endpoint('/api/v1/uploads/');
    chat.bagsUrl = endpoint('/api/v1/bags');
  }
  // The reference server's media store and upload endpoint take this bearer token (demo/server/accounts.ts).
  chat.mediaToken = () => 'demo-token';

  const bind = (id, apply) => {
    const control = document.getElementById(id);
    control.addEventListener('change', () => apply(control));
    return control;
  };

  // Theme: the page's color scheme and the chat's, which remembers the choice across reloads (IndexedDB).
  const theme = bind('theme', (select) => chat.chooseTheme(select.value));
  const showTheme = () => {
    const value = chat.getAttribute('theme') ?? 'system';
    theme.value = value;
    document.documentElement.dataset.theme = value;
  };
  // The chat reflects its theme, the remembered one included: the page follows it.
  new MutationObserver(showTheme).observe(chat, { attributes: true, attributeFilter: ['theme'] });
  showTheme();

  bind('generative-ui', (box) => chat.setAttribute('generative-ui', box.checked ? 'true' : 'false'));

  // Connection: WebSocket or SSE. agent-ui@1 envelopes are SSE events (the Composer's SSE stream carries them; a
  // WebSocket does not), so the note says where the chart and the map can come from.
  const NOTES = {
    sse: 'Server-Sent Events: replies and agent-ui envelopes (the chart, the panels, the map) come on one stream; your messages go up as POSTs.',
    ws: 'WebSocket: the Composer protocol both ways, but no agent-ui envelopes, which only the SSE stream carries. The chart prompt switches to SSE.',
    'ai-sdk':
      'AI SDK: each message is a POST answered with the AI SDK UI message stream, from an endpoint written with the real `ai` package. Its replies are scripted: try "show the view", "an invalid one", "a fence", "something unknown" or "an error"; or "a resumable answer", and reload the page while it streams: the chat takes the reply up again.',
    'ag-ui':
      'AG-UI: each message starts a run of an agent written with the real @ag-ui/core and @ag-ui/encoder; its events come as Server-Sent Events. Scripted: try "show the view", "something unknown" or "an error".',
  };
  const transport = bind('transport', (select) => useTransport(select.value));
  const note = document.getElementById('transport-note');
  // The conversation's ID on the backend (the AI SDK's chat id, AG-UI's thread), kept with the page's history
  // (history-key="demo") so that a reload takes up a reply still streaming.
  const chatId = localStorage.getItem('mantis-demo-chat-id') ?? crypto.randomUUID();
  localStorage.setItem('mantis-demo-chat-id', chatId);
  function useTransport(kind) {
    transport.value = kind;
    chat.transport = kind;
    chat.chatId = kind === 'ai-sdk' || kind === 'ag-ui' ? chatId : undefined;
    // Kept across reloads, with the conversation (a reply taken up again needs the same connection).
    localStorage.setItem('mantis-demo-transport', kind);
    chat.url = kind === 'ai-sdk' ? endpoint('/api/v1/ai-sdk/chat') : kind === 'ag-ui' ? endpoint('/api/v1/ag-ui/agent') : composerUrl(kind);
    note.textContent = NOTES[kind];
  }
  const asked = params.get('transport') ?? localStorage.getItem('mantis-demo-transport');
  useTransport(['ws', 'sse', 'ai-sdk', 'ag-ui'].includes(asked) ? asked : chat.transport);

  // A2UI catalogs: the built-in ones, named by their IDs (a script-tag page has no definition to give), and the
  // reference agent's own v1.0 catalog, whose verifyProvider the agent answers ("The agent checks a provider"). Should
  // it not load, the chat keeps the built-in ones and that surface says its catalog is missing.
  const BUILT_IN = [
    'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json',
    'https://a2ui.org/specification/v0_9/basic_catalog.json',
    'https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json',
    'https://mantis-ui.dev/a2ui/v0_9/catalogs/mantis-v1/catalog.json',
    'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json',
  ];
  fetch(endpoint('/catalogs/provider-v1.json'))
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
    .then((provider) => (chat.a2uiCatalogs = [...BUILT_IN, provider]))
    .catch((error) => console.warn('The provider catalog did not load; the built-in catalogs stay.', error));

  // The tour: each button sends one prompt (in its mode), or attaches a file.
  const status = document.getElementById('tour-status');
  const say = (text) => (status.textContent = text);
  const buttons = [...document.querySelectorAll('.tour button')];
  const tried = new Set();

  async function run(button) {
    const { prompt, mode, attach } = button.dataset;
    if (attach) return attachSample(attach);
    const needs = button.dataset.transport;
    if (needs && chat.transport !== needs) {
      useTransport(needs);
      say('Switched to Server-Sent Events: agent-ui envelopes travel only on the SSE stream.');
    } else {
      say('');
    }
    // A connection just chosen is swapped in on the chat's next update: send through the new one.
    await chat.updateComplete;
    chat.mode = mode ?? 'orchestrator';
    if (chat.send(prompt)) tried.add(prompt);
  }
  for (const button of buttons) button.addEventListener('click', () => void run(button));

  const SAMPLE = 'time,junction,pressure_kpa\n2024-03-09T06:00:00Z,J-105,281\n2024-03-09T08:00:00Z,J-105,264\n';
  async function attachSample(name) {
    // The message the file goes with is sent in the default mode, like every prompt without a mode of its own.
    chat.mode = 'orchestrator';
    const refusals = await chat.session.attachments.add([new File([SAMPLE], name, { type: 'text/csv' })]);
    say(refusals.length > 0 ? refusals[0].message : `${name} is attached: add a question if you like, and press Send.`);
    chat.focus();
  }

  // Follow-up suggestions under each reply: the next prompts of the tour not sent yet (those of the default mode).
  chat.addEventListener('mantis-suggestions-request', () => {
    const next = buttons
      .filter((b) => b.dataset.prompt && !b.dataset.mode && !tried.has(b.dataset.prompt))
      .filter((b) => !b.dataset.transport || chat.transport === b.dataset.transport)
      .slice(0, 2);
    chat.suggestions = next.map((b) => b.dataset.prompt);
  });
  chat.addEventListener('mantis-send', (event) => tried.add(event.detail.text));

  // agent-ui@1 map actions (envelopes on the SSE stream) drive the demo's MapLibre map once it exists.
  const useMap = (map) => {
    chat.mapAdapter = MantisUI.createMapLibreAdapter(map, { padding: 40, styleableLayers: ['mantis-junctions', 'mains', 'river', 'park'] });
  };
  if (window.demoMap) useMap(window.demoMap);
  else window.addEventListener('demo-map-ready', (event) => useMap(event.detail.map), { once: true });

  // A2UI v0.9 without the chat: the page hands <mantis-a2ui-surface> its messages, listens to its actions, and answers
  // them itself with more messages (appended: what the user typed stays), as an agent would.
  const surface = document.getElementById('a2ui');
  const basic = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
  const message = (body) => ({ version: 'v0.9', ...body });
  surface.messages = [
    message({ createSurface: { surfaceId: 'rsvp', catalogId: basic } }),
    message({
      updateComponents: {
        surfaceId: 'rsvp',
        components: [
          { id: 'root', component: 'Card', child: 'body' },
          { id: 'body', component: 'Column', children: ['title', 'name', 'guests', 'summary', 'send'] },
          { id: 'title', component: 'Text', text: 'Team dinner', variant: 'h3' },
          { id: 'name', component: 'TextField', label: 'Your name', value: { path: '/name' } },
          { id: 'guests', component: 'Slider', label: 'Guests', min: 1, max: 6, value: { path: '/guests' } },
          {
            id: 'summary',
            component: 'Text',
            text: { call: 'formatString', args: { value: '${/name} brings ${/guests} guest(s).' }, returnType: 'string' },
          },
          { id: 'send-label', component: 'Text', text: 'Reply' },
          {
            id: 'send',
            component: 'Button',
            child: 'send-label',
            variant: 'primary',
            checks: [{ condition: { call: 'required', args: { value: { path: '/name' } } }, message: 'Give your name.' }],
            action: { event: { name: 'rsvp', context: { name: { path: '/name' }, guests: { path: '/guests' } } } },
          },
        ],
      },
    }),
    message({ updateDataModel: { surfaceId: 'rsvp', value: { name: '', guests: 1 } } }),
  ];
  surface.addEventListener('mantis-a2ui-action', (event) => {
    const { name, context } = event.detail.action;
    document.getElementById('a2ui-action').textContent = `Action ${name}: ${JSON.stringify(context)}`;
    const reply = `Thank you, ${String(context.name).slice(0, 100)}: a table for ${Number(context.guests) + 1} is booked.`;
    const hasReply = surface.messages.some((m) => m.updateComponents?.components.some((c) => c.id === 'reply'));
    surface.messages = [
      ...surface.messages,
      ...(hasReply
        ? []
        : [
            message({
              updateComponents: {
                surfaceId: 'rsvp',
                components: [
                  { id: 'body', component: 'Column', children: ['title', 'name', 'guests', 'summary', 'send', 'reply'] },
                  { id: 'reply', component: 'Text', text: { path: '/reply' }, variant: 'caption' },
                ],
              },
            }),
          ]),
      message({ updateDataModel: { surfaceId: 'rsvp', path: '/reply', value: reply } }),
    ];
  });
});
