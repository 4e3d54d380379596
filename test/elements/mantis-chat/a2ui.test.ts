// A2UI v0.9 surfaces in <mantis-chat> (004_655f119d9cdaeeed.txt), end to end against the reference server: a surface
// renders once, at the latest assistant message that touched it, and moves there as the same element with what the
// user typed, focus and selection kept; an action goes back as an `[a2ui_action]` turn shown as a chip, or as a
// `client_action` frame the server turns into a tool result, and the reply updates the same surface; a surface the
// renderer cannot show falls back and is reported to the agent as VALIDATION_FAILED; a bound image URL and an
// openUrl button never make a request or open anything by themselves; a persisted conversation replays the same.
import { expect, fixture, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import type { AssistantMessage, PersistedMessage } from '../../../src/index.js';
import { agentOrigin, composerSocketUrl, composerSseUrl } from '../../helpers/agent.js';
import { recordFetch } from '../../helpers/fetch-log.js';
import { a2uiOf } from '../../../src/protocols/a2ui/index.js';
import { historyOf, reply } from '../../helpers/chat-replies.js';

const shadow = (el: Element) => el.shadowRoot as ShadowRoot;
type Surface = HTMLElement & { updateComplete: Promise<unknown> };

async function openChat(options: { sse?: boolean; params?: Record<string, string>; session?: string } = {}): Promise<{ chat: MantisChat; history: PersistedMessage[][] }> {
  const el = document.createElement('mantis-chat');
  const params = { ...(options.session ? { session_id: options.session } : {}), ...options.params };
  if (options.sse) el.setAttribute('transport', 'sse');
  el.setAttribute('url', options.sse ? composerSseUrl(params) : composerSocketUrl(params));
  el.style.setProperty('--mantis-chat-height', '40rem');
  const history = historyOf(el);
  const chat = await fixture<MantisChat>(el);
  await waitUntil(() => shadow(chat).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
  return { chat, history };
}

/** Where the session's A2UI state places each surface. */
const placements = (chat: MantisChat) => a2uiOf(chat.session)?.group.placements ?? new Map<string, { owner: string | undefined }>();
const surfaces = (chat: MantisChat) => [...shadow(chat).querySelectorAll<Surface>('mantis-a2ui-surface')];
const articles = (chat: MantisChat) => [...shadow(chat).querySelectorAll<HTMLElement>('article.assistant')];

async function surfaceReady(chat: MantisChat, text: string): Promise<Surface> {
  await waitUntil(() => surfaces(chat).some((s) => s.shadowRoot?.textContent?.includes(text)), `no surface showing "${text}"`, { timeout: 8000 });
  return surfaces(chat)[0] as Surface;
}
const inputLabelled = (surface: Surface, label: string): HTMLInputElement => {
  const input = [...shadow(surface).querySelectorAll<HTMLInputElement>('input')].find((i) => i.labels?.[0]?.textContent?.includes(label) || i.getAttribute('aria-label') === label);
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
};
const buttonNamed = (surface: Surface, name: string): HTMLButtonElement => {
  const button = [...shadow(surface).querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);
  if (!button) throw new Error(`no button ${name}`);
  return button;
};
/** Types into a field the way a user does, and waits for the surface to render what it wrote. */
async function type(surface: Surface, input: HTMLInputElement, text: string): Promise<void> {
  input.focus();
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  await surface.updateComplete;
}
/** The focused element, through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * A surface created in one turn, typed into, left alone by the next turn and updated by a later one: it renders once,
 * at the later turn, as the same element, with the typed text, focus and selection kept.
 */
async function followsTheConversation(): Promise<void> {
  const { chat } = await openChat();
  const created = await reply(chat, 'Show me the a2ui form');
  const surface = await surfaceReady(chat, 'Fill in the form');
  expect(articles(chat)[0]?.contains(surface), 'in the creating message').to.equal(true);
  expect(placements(chat).get('booking')?.owner).to.equal(created.id);

  // The user types into the field, then the conversation goes on.
  const name = inputLabelled(surface, 'Name');
  await type(surface, name, 'Ada Lovelace');
  await reply(chat, 'What can I book?');
  expect(articles(chat)).to.have.length(2);
  expect(articles(chat)[0]?.contains(surface), 'still in its message: the later one did not touch it').to.equal(true);

  // Focus and a selection in the field while the update arrives; the page made the surface scroll (its `a2ui-surface`
  // part), and it is scrolled.
  surface.style.cssText = 'display: block; max-height: 6rem; overflow: auto';
  surface.scrollTop = 40;
  const scrolled = surface.scrollTop;
  expect(scrolled).to.be.greaterThan(0);
  name.focus({ preventScroll: true });
  name.setSelectionRange(4, 8);
  const updated = await reply(chat, 'Please run the a2ui update');
  await waitUntil(() => surface.shadowRoot?.textContent?.includes('Updated at turn'), 'the update never rendered', { timeout: 8000 });
  expect(surfaces(chat), 'rendered once').to.have.length(1);
  expect(surfaces(chat)[0] === surface, 'the same element instance').to.equal(true);
  expect(placements(chat).get('booking')?.owner).to.equal(updated.id);
  expect(articles(chat).at(-1)?.contains(surface), 'moved to the latest message that touched it').to.equal(true);
  expect(articles(chat)[0]?.contains(surface)).to.equal(false);
  expect(articles(chat)[0]?.textContent, 'the older message keeps its prose').to.match(/\w/);
  expect(inputLabelled(surface, 'Name') === name, 'the same input').to.equal(true);
  expect(name.value).to.equal('Ada Lovelace');
  expect(deepActive() === name, 'focus stayed in the field').to.equal(true);
  expect([name.selectionStart, name.selectionEnd]).to.deep.equal([4, 8]);
  // Not reset by the move (it would be 0); the browser's scroll anchoring may shift it by the lines the update changed.
  expect(surface.scrollTop, 'scrolled as it was').to.be.closeTo(scrolled, 16);
  expect(updated.surfaceIds).to.deep.equal(['booking']);
}

describe('<mantis-chat> A2UI surfaces', function () {
  this.timeout(30000);

  it('a surface created early and updated later renders once, at the later turn, as the same element with its typed text, focus, selection and scroll position', async () => {
    await followsTheConversation();
  });

  it('where the browser cannot move an element atomically (no moveBefore), focus, selection and scroll positions are put back', async () => {
    const saved = Object.getOwnPropertyDescriptor(Element.prototype, 'moveBefore');
    expect(saved, 'this Chromium has moveBefore').not.to.equal(undefined);
    delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
    try {
      await followsTheConversation();
    } finally {
      if (saved) Object.defineProperty(Element.prototype, 'moveBefore', saved);
    }
  });

  it('an action goes back as an [a2ui_action] turn shown as a chip, and the reply updates the same surface', async () => {
    const { chat } = await openChat({ params: { client_action: '0' } });
    await reply(chat, 'a2ui form please');
    const surface = await surfaceReady(chat, 'Fill in the form');
    await type(surface, inputLabelled(surface, 'Name'), 'Ada');
    const complete = oneEvent(chat, 'mantis-message-complete');
    buttonNamed(surface, 'Book').click();
    await complete;
    await waitUntil(() => surface.shadowRoot?.textContent?.includes('Booked: Ada'), 'the surface was never updated', { timeout: 8000 });
    // The surface draws its update itself, at once; the chat commits at most once per frame, so it may be a frame behind.
    await chat.updateComplete;
    const user = chat.session.messages.filter((m) => m.role === 'user').at(-1);
    expect(user?.role === 'user' && user.text).to.match(/^\[a2ui_action\] surface=booking source=book name=submit\ncontext:\n/);
    const chip = shadow(chat).querySelector('[part~="action-chip"]');
    expect(chip, 'a compact chip, not the raw text').not.to.equal(null);
    expect(chip?.textContent).to.contain('submit');
    expect(chip?.textContent).to.contain('booking');
    expect(shadow(chat).querySelector('.user-text')?.textContent ?? '').not.to.contain('[a2ui_action]');
    expect(surfaces(chat)).to.have.length(1);
    expect(surfaces(chat)[0] === surface, 'the same element').to.equal(true);
    // The surface draws its update itself; the chat moves it into the reply on its next render.
    await waitUntil(() => articles(chat).at(-1)?.contains(surface), 'the surface never moved into the reply');
    await expect(chat).to.be.accessible();
  });

  it('with client_action offered, an action is a first-class frame: a tool result, no user turn, and the same surface updates', async () => {
    const { chat } = await openChat({ sse: true });
    await reply(chat, 'a2ui form please');
    const surface = await surfaceReady(chat, 'Fill in the form');
    await waitUntil(() => chat.session.serverCapabilities.clientAction === true, 'no capabilities');
    await type(surface, inputLabelled(surface, 'Name'), 'Grace');
    const users = chat.session.messages.filter((m) => m.role === 'user').length;
    const complete = oneEvent(chat, 'mantis-message-complete');
    buttonNamed(surface, 'Book').click();
    const { detail } = await complete;
    await waitUntil(() => surface.shadowRoot?.textContent?.includes('Booked: Grace'), 'the surface was never updated', { timeout: 8000 });
    expect(chat.session.messages.filter((m) => m.role === 'user'), 'no synthesized user turn').to.have.length(users);
    const message = chat.session.thread.assistant((detail.message as AssistantMessage).id);
    const tool = message?.parts.find((p) => p.type === 'dynamic-tool');
    expect(tool?.type === 'dynamic-tool' && tool.toolName).to.equal('a2ui_action');
    // The booking surface asked for its data model (sendDataModel): it went with the frame, to the agent's tool result.
    const output = tool?.type === 'dynamic-tool' && tool.state === 'output-available' ? (tool.output as { data_model?: { surfaces?: Record<string, { form?: { name?: string } }> } }) : {};
    expect(output.data_model?.surfaces?.['booking']?.form?.name).to.equal('Grace');
    expect(shadow(chat).querySelector('[part~="action-chip"]')).to.equal(null);
    expect(surfaces(chat)).to.have.length(1);
    // The surface draws its update itself; the chat moves it into the reply on its next render.
    await waitUntil(() => articles(chat).at(-1)?.contains(surface), 'the surface never moved into the reply');
  });

  it('a cyclic and a dangling component graph render a fallback and are reported as VALIDATION_FAILED with a JSON Pointer', async () => {
    const session = `a2ui-errors-${Date.now().toString(36)}`;
    const { chat } = await openChat({ session });
    await reply(chat, 'a2ui cycle');
    await reply(chat, 'a2ui dangling');
    await waitUntil(() => surfaces(chat).length === 2, 'two surfaces');
    for (const surface of surfaces(chat)) {
      await surface.updateComplete;
      expect(shadow(surface).querySelector('[part="fallback"], [part="placeholder"]')?.textContent, 'a fallback that says so').to.match(/could not be shown|missing/);
    }
    const url = `${agentOrigin}/api/v1/composer/sse?session_id=${session}&inspect=a2ui_errors`;
    let errors: { error: { code: string; path?: string; surfaceId: string; message: string } }[] = [];
    await waitUntil(
      async () => {
        errors = ((await (await fetch(url)).json()) as { errors: typeof errors }).errors;
        return errors.length >= 2;
      },
      'the server never got both errors',
      { timeout: 8000, interval: 200 },
    );
    for (const { error } of errors) {
      expect(error.code).to.equal('VALIDATION_FAILED');
      expect(error.path).to.match(/^\//);
      expect(error.message).not.to.match(/\n\s+at /);
    }
    await expect(chat).to.be.accessible();
  });

  it('a data-bound image URL and an openUrl button make no request and open nothing without a click', async () => {
    const { chat } = await openChat();
    const log = recordFetch();
    const opened: unknown[] = [];
    const realOpen = window.open;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
    const resources = new Set<string>();
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => resources.add(e.name)));
    observer.observe({ type: 'resource' });
    try {
      await reply(chat, 'a2ui image');
      const surface = await surfaceReady(chat, 'Open example.com');
      await type(surface, inputLabelled(surface, 'Secret'), 'https://example.com/hunter2.png');
      await surface.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 300));
      const leaked = [...log.requested, ...resources].filter((u) => u.includes('example.com') || u.includes('hunter2'));
      expect(leaked).to.deep.equal([]);
      expect(shadow(surface).querySelector('img[src], video[src], audio[src], iframe')).to.equal(null);
      expect(opened).to.deep.equal([]);
    } finally {
      observer.disconnect();
      window.open = realOpen;
      log.restore();
    }
  });

  it('a persisted conversation with surfaces replays to the same placement and content, with nothing sent', async () => {
    const { chat, history } = await openChat({ params: { client_action: '0' } });
    await reply(chat, 'a2ui form please');
    const surface = await surfaceReady(chat, 'Fill in the form');
    await type(surface, inputLabelled(surface, 'Name'), 'Ada');
    buttonNamed(surface, 'Book').click();
    await waitUntil(() => surface.shadowRoot?.textContent?.includes('Booked: Ada'), 'never booked', { timeout: 8000 });
    await waitUntil(() => history.at(-1)?.at(-1)?.role === 'assistant' && chat.session.thread.streaming.length === 0, 'never settled');
    const persisted = JSON.parse(JSON.stringify(history.at(-1))) as PersistedMessage[];

    const log = recordFetch();
    try {
      const replayed = await fixture<MantisChat>(Object.assign(document.createElement('mantis-chat'), { messages: persisted }));
      await waitUntil(() => surfaces(replayed)[0]?.shadowRoot?.textContent?.includes('Booked: Ada'), 'the replay never showed the final state', { timeout: 8000 });
      expect(surfaces(replayed)).to.have.length(1);
      const owner = placements(chat).get('booking')?.owner;
      expect(placements(replayed).get('booking')?.owner).to.equal(owner);
      const index = (c: MantisChat) => articles(c).findIndex((a) => a.contains(surfaces(c)[0] ?? null));
      expect(index(replayed)).to.equal(index(chat));
      expect(shadow(replayed).querySelector('[part~="action-chip"]'), 'the action turn is a chip on replay too').not.to.equal(null);
      expect(log.requested).to.deep.equal([]);
    } finally {
      log.restore();
    }
  });
  it('a surface in A2UI v1.0 renders in the reply that sent it (v1.0 loads with it), and a later v1.0 message updates it', async () => {
    const session = `a2ui-v1-${Date.now().toString(36)}`;
    const { chat } = await openChat({ session });
    await reply(chat, 'a2ui v1');
    const surface = await surfaceReady(chat, 'Passport');
    expect([...shadow(surface).querySelectorAll('[part="list"] [part="text"]')].map((t) => t.textContent?.trim())).to.deep.equal(['1', 'Passport', '2', 'Tickets']);
    expect(shadow(surface).querySelector('.a11y[aria-live="polite"]')?.textContent?.trim()).to.equal('Nothing packed yet.');
    expect(articles(chat).at(-1)?.contains(surface), 'in the reply that sent it').to.equal(true);
    await reply(chat, 'a2ui v1 again');
    await waitUntil(() => !shadow(surfaces(chat)[0] as Surface).textContent?.includes('Nothing packed yet.'), 'null did not delete the status', { timeout: 8000 });
    expect(surfaces(chat).length, 'the same surface, moved to the later reply').to.equal(1);
    const url = `${agentOrigin}/api/v1/composer/sse?session_id=${session}&inspect=a2ui_errors`;
    expect(((await (await fetch(url)).json()) as { errors: unknown[] }).errors).to.deep.equal([]);
    await expect(chat).to.be.accessible();
  });

  it('a surface on the minimal catalog in v0.9.1 renders; one on a catalog the chat lacks says so in its place, and the agent hears once', async () => {
    const session = `a2ui-catalogs-${Date.now().toString(36)}`;
    const { chat } = await openChat({ session });
    await reply(chat, 'a2ui minimal');
    const minimal = await surfaceReady(chat, 'Ada');
    expect(shadow(minimal).querySelector('[role="heading"]')?.textContent?.trim(), 'capitalize ran').to.equal('Ada');
    await type(minimal, inputLabelled(minimal, 'Name'), 'zoë');
    expect(shadow(minimal).querySelector('[role="heading"]')?.textContent?.trim()).to.equal('Zoë');
    await type(minimal, inputLabelled(minimal, 'Name'), 'zoë2');
    expect(shadow(minimal).querySelector('[part="field-error"]')?.textContent, 'its \\p{L} pattern runs').to.match(/expected format/);

    await reply(chat, 'a2ui foreign');
    await waitUntil(() => surfaces(chat).length === 2, 'the refused surface has no element in its place');
    const foreign = surfaces(chat)[1] as Surface;
    await foreign.updateComplete;
    expect(shadow(foreign).querySelector('[part="fallback"]')?.textContent).to.equal('This surface could not be shown: its catalog is not supported here.');
    expect(articles(chat).at(-1)?.contains(foreign), 'in the reply that sent it').to.equal(true);
    const url = `${agentOrigin}/api/v1/composer/sse?session_id=${session}&inspect=a2ui_errors`;
    let errors: { error: { surfaceId: string; path?: string } }[] = [];
    await waitUntil(async () => (errors = ((await (await fetch(url)).json()) as { errors: typeof errors }).errors).length > 0, 'the agent never heard', { timeout: 8000, interval: 200 });
    // The reply's updateComponents and updateDataModel for it fail too, only because it does not exist: not told again.
    await waitUntil(() => chat.session.thread.streaming.length === 0, 'the reply never finished');
    await reply(chat, 'hello');
    errors = ((await (await fetch(url)).json()) as { errors: typeof errors }).errors;
    expect(errors.map((e) => [e.error.surfaceId, e.error.path])).to.deep.equal([['foreign', '/catalogId']]);
    await expect(chat).to.be.accessible();
  });
});
