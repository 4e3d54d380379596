// What Angular's template type-checker must refuse on mantis-ui's tags (strictTemplates): test/node/framework-types.test.ts
// compiles this file with ngc (tsconfig.type-tests.json) and expects an error on each binding after a `wrong:` comment.
import { Component, CUSTOM_ELEMENTS_SCHEMA } from '@angular/core';
import type { MantisChat, MessageCompleteDetail, SendDetail } from 'mantis-ui';

@Component({
  selector: 'app-wrong',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <mantis-chat #chat (mantis-send)="sent($event)" (mantis-message-complete)="complete($event)"></mantis-chat>
    <button type="button" (click)="chat.send('hello')">Send</button>
    <!-- wrong: a handler of mantis-send gets a SendDetail -->
    <mantis-chat (mantis-send)="complete($event)"></mantis-chat>
    <!-- wrong: a template reference to the tag is its class, which has no sendMessage -->
    <mantis-chat #other></mantis-chat><button type="button" (click)="other.sendMessage('hello')">Send</button>
    <!-- wrong: the detail of mantis-message-complete has no text of its own -->
    <mantis-chat (mantis-message-complete)="log($event.detail.text)"></mantis-chat>
  `,
})
export class Wrong {
  sent(event: CustomEvent<SendDetail>): void {
    this.log(event.detail.text);
  }
  complete(event: CustomEvent<MessageCompleteDetail>): void {
    this.log(event.detail.message.text);
  }
  log(text: string): void {
    console.log(text);
  }
  chat?: MantisChat;
}
