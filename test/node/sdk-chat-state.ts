// The simplest state a framework binding gives the AI SDK's chat (`AbstractChat`, what `useChat` is built on): an
// array. The node tests that run the SDK's own client against the reference endpoint share it.
import type { ChatState, ChatStatus, UIMessage } from 'ai';

export class ArrayState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage): void => void this.messages.push(message);
  popMessage = (): void => void this.messages.pop();
  replaceMessage = (index: number, message: UIMessage): void => void (this.messages[index] = message);
  snapshot = <T>(thing: T): T => structuredClone(thing);
}
