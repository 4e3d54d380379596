// mantis-ui's tags in a React 19 app without the wrapper, typed by `mantis-ui/jsx` (generated from custom-elements.json).
// Compiled by test/node/framework-types.test.ts against dist/types: what is right must compile, and each
// `@ts-expect-error` line must be an error (tsc fails on an expect-error that is not one).
import type {} from 'mantis-ui/jsx';
import type { MantisJsxElements } from 'mantis-ui/jsx';
import type { MantisChat, MessageCompleteDetail, SendDetail } from 'mantis-ui';
import type { PersistedMessage, Transport } from 'mantis-ui/core';

declare const history: PersistedMessage[];
declare const transport: Transport;
declare function show(text: string): void;

export function Right() {
  return (
    <main className="page">
      <mantis-chat
        url="wss://agent.example/api/v1/composer/ws"
        transport="sse"
        theme="dark"
        history-key="conversation"
        generative-ui={false}
        messages={history}
        mediaToken={() => 'token'}
        ref={(element: MantisChat | null) => {
          element?.send('hi');
        }}
        onmantis-send={(event) => show(event.detail.text)}
        onmantis-message-complete={(event: CustomEvent<MessageCompleteDetail>) => show(event.detail.message.text)}
        onmantis-connection-change={(event) => show(event.detail.state)}
      />
      <mantis-chat connection={transport} />
      <mantis-ui-view read-only heading-level={3} view={{ version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'Hi' } }} />
      <mantis-ui-view spec='{"version":1}' onmantis-view-error={(event) => show(event.detail.reason ?? 'some children')} />
      <agent-envelope envelope-id="e1" envelope={{}} onmantis-envelope-status={(event) => show(event.detail.status)} />
      <mantis-a2ui-surface surface-id="booking" messages={[]} onmantis-a2ui-action={(event) => show(event.detail.action.name)} />
      <mantis-artifact-panel for="chat" width={320} collapsed />
      <mantis-media-item alt="A pump" caption="P-1" />
    </main>
  );
}

export function Wrong() {
  return (
    <>
      {/* @ts-expect-error: the kind of connection is 'ws' or 'sse' */}
      <mantis-chat transport="tcp" />
      {/* @ts-expect-error: an attribute is written by its name, history-key */}
      <mantis-chat historyKey="conversation" />
      {/* @ts-expect-error: messages is an array of persisted messages */}
      <mantis-chat messages={42} />
      {/* @ts-expect-error: a handler of mantis-send gets a SendDetail, not a MessageCompleteDetail */}
      <mantis-chat onmantis-send={(event: CustomEvent<MessageCompleteDetail>) => show(event.detail.message.text)} />
      {/* @ts-expect-error: a handler of mantis-a2ui-action gets an A2uiActionDetail */}
      <mantis-a2ui-surface onmantis-a2ui-action={(event: CustomEvent<SendDetail>) => show(event.detail.text)} />
      {/* @ts-expect-error: read-only is a boolean attribute */}
      <mantis-ui-view read-only="yes" />
      {/* @ts-expect-error: the conversation is read-only */}
      <mantis-chat conversation={[]} />
      {/* @ts-expect-error: a tag mantis-ui does not have */}
      <mantis-chats />
    </>
  );
}

// TypeScript checks a JSX attribute whose name has a dash only when the type knows that name (as with data-*): a
// misspelt `onmantis-sendd` or an event another tag fires is not an error, but the value of a known one is checked.
export const unchecked = <mantis-ui-view onmantis-send={(event: CustomEvent<SendDetail>) => show(event.detail.text)} />;

// Other JSX runtimes take the props alone.
export const chatProps: MantisJsxElements['mantis-chat'] = { url: '/ws', 'onmantis-send': (event) => show(event.detail.text) };
// @ts-expect-error: the detail of mantis-send has no message
export const wrongProps: MantisJsxElements['mantis-chat'] = { 'onmantis-send': (event) => show(event.detail.message) };
