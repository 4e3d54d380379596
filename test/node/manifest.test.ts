// custom-elements.json documents the public API of every element (scripts/check-manifest.mjs keeps it fresh).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: { name: string; fieldName?: string }[];
  members?: { name: string; kind: string; privacy?: string }[];
  events?: { name: string; type?: { text: string } }[];
}

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as { modules: { declarations?: Declaration[] }[] };
const element = (tag: string): Declaration => {
  const found = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.customElement && d.tagName === tag);
  assert.ok(found, `${tag} is not in custom-elements.json`);
  return found;
};
const names = (items: { name: string }[] | undefined) => (items ?? []).map((i) => i.name).sort();

test('mantis-chat is listed with its attributes, properties and typed events', () => {
  const chat = element('mantis-chat');
  assert.deepEqual(names(chat.attributes), [
    'account',
    'agent-ui-url',
    'artifact-panel',
    'attachment-accept',
    'bags-url',
    'chat-id',
    'generative-ui',
    'history-key',
    'layout-key',
    'media-base-url',
    'media-credentials',
    'mode',
    'placeholder',
    'theme',
    'transport',
    'upload-chunk-size',
    'upload-url',
    'url',
  ]);
  const publicFields = (chat.members ?? []).filter((m) => m.kind === 'field' && (m.privacy ?? 'public') === 'public').map((m) => m.name);
  for (const field of ['url', 'transport', 'chatId', 'connection', 'session', 'actions', 'bagsUrl', 'mode', 'generativeUi', 'theme', 'placeholder', 'suggestions', 'messages', 'conversation', 'agentState', 'generativeUiActive', 'mediaBaseUrl', 'mediaCredentials', 'mediaToken', 'account', 'historyKey', 'layoutKey', 'artifactPanel', 'agentUiUrl', 'agentUiHeaders', 'mapAdapter', 'canvas', 'uploadUrl', 'uploadChunkSize', 'attachmentAccept', 'attachmentLimits']) {
    assert.ok(publicFields.includes(field), `missing property ${field}`);
  }
  // The API reference lists the properties a page sets without an attribute too.
  const reference = readFileSync('docs/api/mantis-chat.md', 'utf8');
  for (const field of ['requestOptions', 'connection', 'messages', 'mediaToken']) assert.match(reference, new RegExp(`^\\| \`${field}\``, 'm'), `docs/api lacks ${field}`);
  // One name per concept: `transport` is the kind of connection, attribute and property alike.
  assert.equal(publicFields.includes('transportKind'), false);
  assert.equal(chat.attributes?.find((a) => a.name === 'transport')?.fieldName, 'transport');
  assert.equal(chat.attributes?.find((a) => a.name === 'chat-id')?.fieldName, 'chatId');
  assert.deepEqual(
    (chat.events ?? []).map((e) => `${e.name}: ${e.type?.text}`).sort(),
    [
      'mantis-a2ui-action: CustomEvent<A2uiActionDetail>',
      'mantis-a2ui-change: CustomEvent<A2uiChangeDetail>',
      'mantis-a2ui-error: CustomEvent<A2uiErrorDetail>',
      'mantis-action-outcome: CustomEvent<ActionOutcomeDetail>',
      'mantis-action-request: CustomEvent<ActionRequestDetail>',
      'mantis-action: CustomEvent<ActionDetail>',
      'mantis-agent-state: CustomEvent<AgentStateDetail>',
      'mantis-artifact-close: CustomEvent<ArtifactCloseDetail>',
      'mantis-artifact-open: CustomEvent<ArtifactOpenDetail>',
      'mantis-artifact-panel-resize: CustomEvent<ArtifactPanelResizeDetail>',
      'mantis-citations: CustomEvent<CitationsDetail>',
      'mantis-config-error: CustomEvent<ConfigErrorDetail>',
      'mantis-connection-change: CustomEvent<ConnectionChangeDetail>',
      'mantis-copy: CustomEvent<CopyDetail>',
      'mantis-envelope-status: CustomEvent<EnvelopeStatusDetail>',
      'mantis-history-change: CustomEvent<HistoryChangeDetail>',
      'mantis-media-error: CustomEvent<MediaErrorDetail>',
      'mantis-message-complete: CustomEvent<MessageCompleteDetail>',
      'mantis-message-interrupted: CustomEvent<MessageInterruptedDetail>',
      'mantis-protocol-error: CustomEvent<ProtocolErrorDetail>',
      'mantis-protocol-notice: CustomEvent<ProtocolNoticeDetail>',
      'mantis-send-error: CustomEvent<SendErrorDetail>',
      'mantis-send: CustomEvent<SendDetail>',
      'mantis-suggestions-request: CustomEvent<SuggestionsRequestDetail>',
      'mantis-view-error: CustomEvent<ViewErrorDetail>',
    ],
  );
});

test('mantis-ui-view is listed with its attributes, properties and typed events', () => {
  const view = element('mantis-ui-view');
  assert.deepEqual(names(view.attributes), ['actions-disabled', 'citation-start', 'heading-level', 'message-id', 'part-id', 'read-only', 'spec', 'theme']);
  const fields = (view.members ?? []).map((m) => m.name);
  for (const field of ['view', 'spec', 'theme', 'headingLevel', 'readOnly', 'actionsDisabled', 'citationStart', 'messageId', 'validation', 'media']) assert.ok(fields.includes(field), `missing ${field}`);
  assert.deepEqual(
    (view.events ?? []).map((e) => `${e.name}: ${e.type?.text}`).sort(),
    [
      'mantis-action: CustomEvent<ActionDetail>',
      'mantis-artifact-open: CustomEvent<ArtifactOpenDetail>',
      'mantis-media-error: CustomEvent<MediaErrorDetail>',
      'mantis-view-error: CustomEvent<ViewErrorDetail>',
    ],
  );
});

test('mantis-artifact-panel and mantis-media-item are listed with their attributes, properties and typed events', () => {
  const panel = element('mantis-artifact-panel');
  assert.deepEqual(names(panel.attributes), ['collapsed', 'for', 'layout-key', 'narrow', 'theme', 'width']);
  const panelFields = (panel.members ?? []).map((m) => m.name);
  for (const field of ['store', 'htmlFor', 'width', 'collapsed', 'narrow', 'layoutKey']) assert.ok(panelFields.includes(field), `missing ${field}`);
  assert.deepEqual(
    (panel.events ?? []).map((e) => `${e.name}: ${e.type?.text}`).sort(),
    [
      'mantis-artifact-close: CustomEvent<ArtifactCloseDetail>',
      'mantis-artifact-panel-resize: CustomEvent<ArtifactPanelResizeDetail>',
      'mantis-config-error: CustomEvent<ConfigErrorDetail>',
    ],
  );
  const item = element('mantis-media-item');
  assert.deepEqual(names(item.attributes), ['alt', 'caption', 'key']);
  assert.ok((item.members ?? []).some((m) => m.name === 'media'), 'missing media');
  assert.deepEqual((item.events ?? []).map((e) => `${e.name}: ${e.type?.text}`), ['mantis-media-error: CustomEvent<MediaErrorDetail>']);
});

test('package.json points tools at the committed manifest and exports every entry', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { customElements: string; exports: Record<string, unknown> };
  assert.equal(pkg.customElements, 'custom-elements.json');
  assert.deepEqual(Object.keys(pkg.exports).sort(), ['.', './a2ui', './a2ui-catalog', './a2ui-json', './a2ui-v1', './a2ui-v1-json', './agent-ui', './core', './custom-elements.json', './jsx', './mantis-ui.iife.js', './mantis-ui.pinned.js', './media', './package.json', './prompt', './react', './svelte', './testing', './transports', './uploads']);
});

test('agent-envelope is listed with its attributes, properties and typed event', () => {
  const envelope = element('agent-envelope');
  assert.deepEqual(names(envelope.attributes), ['agent-ui-url', 'envelope', 'envelope-id', 'session-id', 'theme']);
  const fields = (envelope.members ?? []).map((m) => m.name);
  for (const field of ['envelope', 'envelopeId', 'agentUiUrl', 'agentUiHeaders', 'createdAt', 'sessionId', 'registry', 'registryLoader', 'registryScope', 'surfaces', 'mapAdapter']) {
    assert.ok(fields.includes(field), `missing ${field}`);
  }
  assert.deepEqual((envelope.events ?? []).map((e) => `${e.name}: ${e.type?.text}`), ['mantis-envelope-status: CustomEvent<EnvelopeStatusDetail>']);
});

test('mantis-a2ui-surface is listed with its attributes, properties and typed events', () => {
  const surface = element('mantis-a2ui-surface');
  assert.deepEqual(names(surface.attributes), ['actions-disabled', 'heading-level', 'message-id', 'pending', 'read-only', 'surface-id', 'theme']);
  const fields = (surface.members ?? []).map((m) => m.name);
  for (const field of ['messages', 'surfaceId', 'pending', 'catalogs', 'renderers', 'mediaResolver', 'store']) assert.ok(fields.includes(field), `missing ${field}`);
  assert.deepEqual(
    (surface.events ?? []).map((e) => `${e.name}: ${e.type?.text}`),
    [
      'mantis-a2ui-action: CustomEvent<A2uiActionDetail>',
      'mantis-a2ui-error: CustomEvent<A2uiErrorDetail>',
      'mantis-a2ui-function-answer: CustomEvent<A2uiFunctionAnswerDetail>',
      'mantis-a2ui-function-call: CustomEvent<A2uiFunctionCallDetail>',
      'mantis-a2ui-change: CustomEvent<A2uiChangeDetail>',
      'mantis-config-error: CustomEvent<ConfigErrorDetail>',
    ],
  );
  const chat = (element('mantis-chat').events ?? []).map((e) => e.name);
  for (const name of ['mantis-a2ui-action', 'mantis-a2ui-error', 'mantis-a2ui-change']) assert.ok(chat.includes(name), `the chat does not list ${name}`);
});
