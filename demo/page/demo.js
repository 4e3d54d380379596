// The demo's controls, as a classic script: they only set the elements' public attributes.
const chat = document.getElementById('chat');
const bind = (id, apply) => {
  const control = document.getElementById(id);
  control.addEventListener('change', () => apply(control));
};
bind('theme', (select) => {
  document.documentElement.dataset.theme = select.value;
  chat.setAttribute('theme', select.value);
});
bind('generative-ui', (box) => chat.setAttribute('generative-ui', box.checked ? 'true' : 'false'));
