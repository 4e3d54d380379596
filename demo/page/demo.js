// The demo's controls, as a classic script: they only set the elements' public attributes.
const chat = document.getElementById('chat');
const bind = (id, apply) => {
  const control = document.getElementById(id);
  control.addEventListener('change', () => apply(control));
};
// The reference server's media store takes this bearer token (demo/server/media.ts).
chat.mediaToken = () => 'demo-token';
bind('theme', (select) => {
  document.documentElement.dataset.theme = select.value;
  // The user's choice: applied and remembered across reloads (IndexedDB, never the conversation's artifacts).
  chat.chooseTheme(select.value);
});
bind('generative-ui', (box) => chat.setAttribute('generative-ui', box.checked ? 'true' : 'false'));
bind('transport', (select) => {
  chat.transport = select.value;
  chat.url = select.value === 'sse' ? '/api/v1/composer/sse' : '/api/v1/composer/ws';
});
// agent-ui@1 map actions (envelopes on the SSE stream) drive the demo's MapLibre map once it exists.
const useMap = (map) => {
  chat.mapAdapter = MantisUI.createMapLibreAdapter(map, { padding: 40, styleableLayers: ['mantis-junctions', 'mains', 'river', 'park'] });
};
if (window.demoMap) useMap(window.demoMap);
else window.addEventListener('demo-map-ready', (event) => useMap(event.detail.map), { once: true });

// A2UI v0.9 without the chat: the page hands <mantis-a2ui-surface> its messages and listens to its actions.
const surface = document.getElementById('a2ui');
const basic = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
surface.messages = [
  { version: 'v0.9', createSurface: { surfaceId: 'rsvp', catalogId: basic } },
  {
    version: 'v0.9',
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
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 'rsvp', value: { name: '', guests: 1 } } },
];
surface.addEventListener('mantis-a2ui-action', (event) => {
  document.getElementById('a2ui-action').textContent = `Action ${event.detail.action.name}: ${JSON.stringify(event.detail.action.context)}`;
});
