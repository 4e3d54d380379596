/*
 * mantis-ui/react in Node, as a server render imports it: importing does not throw, and the components render their
 * bare tags (the elements render themselves in the browser, after hydration).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

test('mantis-ui/react imports in Node and server-renders the bare tags', async () => {
  const { MantisChat, MantisUiView } = await import('../../elements/react/index.js');
  const chat = renderToString(createElement(MantisChat, { url: 'wss://agent.example/ws', placeholder: 'Ask', onSend: () => undefined }));
  assert.equal(chat, '<mantis-chat></mantis-chat>');
  const view = renderToString(createElement(MantisUiView, { view: { version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'Hi' } } }));
  assert.equal(view, '<mantis-ui-view></mantis-ui-view>');
});
