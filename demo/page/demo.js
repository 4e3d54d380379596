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
