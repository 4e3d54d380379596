import {
  ChangeDetectionStrategy,
  Component,
  CUSTOM_ELEMENTS_SCHEMA,
  DestroyRef,
  type EmbeddedViewRef,
  type OnInit,
  type TemplateRef,
  ViewChild,
  ViewContainerRef,
  afterNextRender,
  computed,
  inject,
  signal,
} from '@angular/core';
// Types only: the elements are defined by the dynamic import in mantis-loader.ts, after Angular rendered them.
import type {
  ConnectionChangeDetail,
  MantisChat,
  MessageCompleteDetail,
  SendDetail,
  SuggestionsRequestDetail,
  Theme,
} from 'mantis-ui';
import type { ConnectionState } from 'mantis-ui/core';
import { WebSocketTransport } from 'mantis-ui/transports';
import { loadMantisUi } from './mantis-loader';
import { agentOrigin, composerUrl, manualDefine, storedHistory, views } from './settings';

type Dock = 'left' | 'right';

/**
 * A product page with mantis-ui in it: a chat bound by attributes, properties and events that the user can move
 * between two docks, a second chat talking through a transport object the page made, and a view bound by property.
 * What the chats report comes back into Angular's own DOM (the "Events Angular received" list).
 */
@Component({
  selector: 'app-root',
  templateUrl: './app.html',
  // The mantis-ui tags are not Angular components: Angular binds their attributes, properties and events as the DOM's.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class App implements OnInit {
  protected readonly agentOrigin = agentOrigin;
  protected readonly kind = signal<'ws' | 'sse'>('ws');
  protected readonly url = computed(() => composerUrl(this.kind()));
  protected readonly theme = signal<Theme>('light');
  protected readonly history = storedHistory;
  protected readonly suggestions = signal<readonly string[]>(['Show me the clusters']);
  /** The media bearer token, read per request: Angular sets functions as properties like any other value. */
  protected readonly mediaToken = (): string => 'token-from-angular';
  protected readonly view = signal(views[0]);
  protected readonly showView = signal(true);
  protected readonly dock = signal<Dock>('left');
  protected readonly defined = signal(false);

  /** What the chats told Angular, shown in the page. */
  protected readonly sent = signal<readonly string[]>([]);
  protected readonly completed = signal<readonly string[]>([]);
  protected readonly connectionStates = signal<readonly ConnectionState[]>([]);
  protected readonly objectCompleted = signal<readonly string[]>([]);

  /** The second chat's connection: a transport the page made and owns (the chat connects it but never closes it). */
  protected readonly transport = agentOrigin ? new WebSocketTransport(composerUrl('ws', { inline_ui_version: '1' })) : undefined;

  @ViewChild('chatCard', { static: true }) private chatCard!: TemplateRef<unknown>;
  @ViewChild('leftDock', { static: true, read: ViewContainerRef }) private leftDock!: ViewContainerRef;
  @ViewChild('rightDock', { static: true, read: ViewContainerRef }) private rightDock!: ViewContainerRef;
  #chatView: EmbeddedViewRef<unknown> | undefined;

  constructor() {
    inject(DestroyRef).onDestroy(() => this.transport?.close());
    // mantis-ui loads only once Angular has rendered (and bound) the elements, as a page that lazy-loads it would.
    afterNextRender(() => {
      const define = (): Promise<void> => loadMantisUi().then(() => this.defined.set(true));
      if (manualDefine) (window as HostWindow).mantisAngularHost = { define };
      else void define();
    });
  }

  ngOnInit(): void {
    // The chat card is one embedded view, created once and moved between the docks' containers: moving a view keeps
    // its DOM nodes, so the same <mantis-chat> is re-parented (disconnected, then connected again), not re-created.
    this.#chatView = this.leftDock.createEmbeddedView(this.chatCard);
  }

  protected moveChat(): void {
    const view = this.#chatView;
    if (!view) return;
    const [from, to]: [ViewContainerRef, ViewContainerRef] = this.dock() === 'left' ? [this.leftDock, this.rightDock] : [this.rightDock, this.leftDock];
    from.detach(from.indexOf(view));
    to.insert(view);
    this.dock.set(this.dock() === 'left' ? 'right' : 'left');
  }

  protected switchKind(): void {
    this.kind.update((kind) => (kind === 'ws' ? 'sse' : 'ws'));
  }

  protected toggleTheme(): void {
    this.theme.update((theme) => (theme === 'light' ? 'dark' : 'light'));
  }

  protected nextView(): void {
    this.view.update((view) => views[(views.indexOf(view) + 1) % views.length]);
  }

  /** The page's own button asks through the chat, as if the user had typed it. */
  protected ask(chat: MantisChat): void {
    chat.send('Show me the clusters');
  }

  protected onSend(event: CustomEvent<SendDetail>): void {
    this.sent.update((list) => [...list, event.detail.text]);
  }

  protected onComplete(event: CustomEvent<MessageCompleteDetail>): void {
    this.completed.update((list) => [...list, event.detail.message.id]);
  }

  protected onConnectionChange(event: CustomEvent<ConnectionChangeDetail>): void {
    this.connectionStates.update((list) => [...list, event.detail.state]);
  }

  /** The chat asks for follow-ups when a reply ends; the page answers by setting `suggestions`. */
  protected onSuggestionsRequest(event: CustomEvent<SuggestionsRequestDetail>): void {
    this.suggestions.set([`Tell me more (after ${event.detail.messageId})`]);
  }

  protected onObjectComplete(event: CustomEvent<MessageCompleteDetail>): void {
    this.objectCompleted.update((list) => [...list, event.detail.message.id]);
  }
}

/** The hook a test calls under `?define=manual`. */
type HostWindow = Window & { mantisAngularHost?: { define(): Promise<void> } };
