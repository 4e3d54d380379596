// The built-in artifact panel and the chat's media service, end to end against the reference server: an artifact
// opens in the panel beside the conversation, a page can take it over or place its own panel, a reload restores the
// panel's width but never a tab, and media in a reply is fetched with the chat's credentials and revoked when the
// account changes.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/index.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { readLayout } from '../../../elements/internal/storage.js';
import { agentOrigin, composerSocketUrl } from '../../helpers/agent.js';
import { replyWithNode, type ViewElement } from '../../helpers/chat-views.js';

const shadow = (el: Element) => el.shadowRoot as ShadowRoot;
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}`;

async function openChat(attributes: Record<string, string> = {}): Promise<MantisChat> {
  const el = document.createElement('mantis-chat');
  el.setAttribute('url', composerSocketUrl({ scenario: 'echo', delay: '0' }));
  el.style.setProperty('--mantis-chat-height', '30rem');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const chat = await fixture<MantisChat>(el);
  await waitUntil(() => shadow(chat).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
  return chat;
}

const artifactNode = (id: string, title: string) => ({ id, type: 'artifact', title, format: 'text', content: `The payload of ${title}.` });
const panelOf = (el: MantisChat) => shadow(el).querySelector('mantis-artifact-panel') as HTMLElement & { updateComplete: Promise<unknown>; width: number };
const tabs = (panel: HTMLElement) => [...shadow(panel).querySelectorAll('[role="tab"]')].map((t) => t.textContent?.trim());

async function openArtifact(view: ViewElement): Promise<void> {
  (shadow(view).querySelector('[part~="artifact-open"]') as HTMLButtonElement).click();
  await view.updateComplete;
}

describe('<mantis-chat> artifact panel', () => {
  it('an artifact opens in the built-in panel beside the conversation; opening it again focuses its one tab', async () => {
    const el = await openChat({ 'layout-key': unique('panel') });
    const panel = panelOf(el);
    expect(panel.checkVisibility()).to.equal(false);
    const view = await replyWithNode(el, artifactNode('report', 'Weekly report'));
    const opened = oneEvent(el, 'mantis-artifact-open');
    await openArtifact(view);
    const { detail } = await opened;
    expect(detail.title).to.equal('Weekly report');
    expect(detail.messageId).to.equal(el.conversation.at(-1)?.id);
    await panel.updateComplete;
    expect(panel.checkVisibility()).to.equal(true);
    expect(tabs(panel).filter((t) => t?.includes('Weekly report')).length).to.equal(1);
    expect(shadow(panel).textContent).to.contain('The payload of Weekly report.');
    // Beside the conversation: to its right.
    const base = shadow(el).querySelector('[part="base"]') as HTMLElement;
    expect(panel.getBoundingClientRect().left >= base.getBoundingClientRect().right - 1).to.equal(true);
    await openArtifact(view);
    await panel.updateComplete;
    expect(tabs(panel).filter((t) => t?.includes('Weekly report')).length).to.equal(1);
    expect(el.session.artifacts.tabs.length).to.equal(1);
  });

  it('two views of one message with the same view ID and node IDs open their own artifacts, in two tabs', async () => {
    const el = await openChat();
    const panel = panelOf(el);
    const fence = (title: string) => `\`\`\`mantis-ui\n${JSON.stringify({ version: 1, id: 'same', root: artifactNode('report', title) })}\n\`\`\`\n`;
    const complete = oneEvent(el, 'mantis-message-complete');
    el.send(`${fence('First report')}Between the views.\n\n${fence('Second report')}`);
    await complete;
    await el.updateComplete;
    const views = [...shadow(el).querySelectorAll('mantis-ui-view')] as ViewElement[];
    expect(views).to.have.length(2);
    await Promise.all(views.map((v) => v.updateComplete));
    const opened = oneEvent(el, 'mantis-artifact-open');
    await openArtifact(views[1] as ViewElement);
    const { detail } = await opened;
    expect([detail.viewId, detail.nodeId, detail.partId]).to.deep.equal(['same', 'report', 'view-1']);
    await panel.updateComplete;
    // The second view's own payload, not the first one's.
    expect(shadow(panel).textContent).to.contain('The payload of Second report.');
    await openArtifact(views[0] as ViewElement);
    await panel.updateComplete;
    expect(el.session.artifacts.tabs.map((t) => t.content)).to.deep.equal(['The payload of Second report.', 'The payload of First report.']);
    expect(tabs(panel).filter((t) => t?.includes('report'))).to.have.length(2);
    expect(shadow(panel).textContent).to.contain('The payload of First report.');
  });

  it('a page that cancels mantis-artifact-open shows the artifact itself: no tab opens', async () => {
    const el = await openChat();
    el.addEventListener('mantis-artifact-open', (event) => event.preventDefault());
    await openArtifact(await replyWithNode(el, artifactNode('taken', 'Taken over')));
    expect(el.session.artifacts.tabs.length).to.equal(0);
    expect(panelOf(el).checkVisibility()).to.equal(false);
  });

  it('artifact-panel="none" renders no built-in panel; a page panel with for= shows the chat’s artifacts', async () => {
    const id = unique('chat');
    const wrapper = await fixture<HTMLElement>(html`<div style="display:flex">
      <mantis-chat id=${id} artifact-panel="none" url=${composerSocketUrl({ scenario: 'echo', delay: '0' })}></mantis-chat>
      <mantis-artifact-panel for=${id} layout-key=${unique('own-panel')}></mantis-artifact-panel>
    </div>`);
    const el = wrapper.querySelector('mantis-chat') as MantisChat;
    await waitUntil(() => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
    expect(panelOf(el)).to.equal(null);
    await openArtifact(await replyWithNode(el, artifactNode('outside', 'Outside panel')));
    const page = wrapper.querySelector('mantis-artifact-panel') as HTMLElement & { updateComplete: Promise<unknown> };
    await page.updateComplete;
    expect(tabs(page).some((t) => t?.includes('Outside panel'))).to.equal(true);
  });

  it('a reload restores the panel width but no artifact tab', async () => {
    const key = unique('reload');
    const first = await openChat({ 'layout-key': key });
    await openArtifact(await replyWithNode(first, artifactNode('wide', 'Resizable')));
    const panel = panelOf(first);
    await panel.updateComplete;
    const before = panel.getBoundingClientRect().width;
    (shadow(panel).querySelector('[role="separator"]') as HTMLElement).focus();
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    await panel.updateComplete;
    const width = panel.getBoundingClientRect().width;
    expect(width > before).to.equal(true);
    await waitUntil(async () => (await readLayout(`${key}/artifact-panel`)).panelWidth === panel.width, 'the width was not stored');
    first.remove();

    const second = await openChat({ 'layout-key': key });
    const restored = panelOf(second);
    await restored.updateComplete;
    // No orphaned panel: nothing to show until the user opens an artifact.
    expect(second.session.artifacts.tabs.length).to.equal(0);
    expect(restored.checkVisibility()).to.equal(false);
    await openArtifact(await replyWithNode(second, artifactNode('again', 'Opened again')));
    await restored.updateComplete;
    expect(Math.round(restored.getBoundingClientRect().width)).to.equal(Math.round(width));
    expect(tabs(restored).length).to.equal(1);
  });

  it('is axe-clean with an artifact open, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await openChat({ theme });
      await openArtifact(await replyWithNode(el, artifactNode(`a-${theme}`, `Checked ${theme}`)));
      await panelOf(el).updateComplete;
      await expect(el).to.be.accessible();
    }
  });
});

describe('<mantis-chat> media', () => {
  const gallery = (keys: readonly string[]) => ({
    id: 'gallery',
    type: 'media-gallery',
    title: 'Photos',
    items: keys.map((key, i) => ({ id: `m${i}`, key, alt: `Photo ${i}` })),
  });
  const images = (view: ViewElement) =>
    [...shadow(view).querySelectorAll('mantis-media-item')].flatMap((item) => [...shadow(item).querySelectorAll('img')]);

  it('media in a reply is fetched from media-base-url with the chat’s token, and an account change revokes every object URL', async () => {
    const el = await openChat({ 'media-base-url': `${agentOrigin}/api/v1/`, account: 'demo' });
    el.mediaToken = () => 'demo-token';
    await el.updateComplete;
    const view = await replyWithNode(el, gallery(['agent_files/demo/pressure-map.png', 'agent_files/demo/alarm.png']));
    await waitUntil(() => images(view).length === 2 && images(view).every((img) => img.complete && img.naturalWidth > 0), 'the images did not load', { timeout: 5000 });
    expect(images(view).every((img) => img.src.startsWith('blob:'))).to.equal(true);
    const media = el.session.media;
    expect(media?.stats.created).to.equal(2);
    el.account = 'other';
    await el.updateComplete;
    expect(media?.stats.revoked).to.equal(media?.stats.created);
    expect(media?.stats.cached).to.equal(0);
  });

  it('without media-base-url media shows its text alternative and nothing is requested', async () => {
    const el = await openChat();
    const view = await replyWithNode(el, gallery(['agent_files/demo/pressure-map.png']));
    await waitUntil(() => shadow(view).querySelector('mantis-media-item'), 'no item');
    const item = shadow(view).querySelector('mantis-media-item') as HTMLElement & { updateComplete: Promise<unknown> };
    await item.updateComplete;
    expect(el.session.media).to.equal(null);
    expect(shadow(item).querySelector('img')).to.equal(null);
    expect(shadow(item).querySelector('[part~="placeholder"]')?.getAttribute('data-reason')).to.equal('unconfigured');
  });

  it('views follow a change of media-base-url: their items load through the new service', async () => {
    const el = await openChat({ 'media-base-url': `${agentOrigin}/api/v1/nowhere/` });
    el.mediaToken = () => 'demo-token';
    await el.updateComplete;
    const view = await replyWithNode(el, gallery(['agent_files/demo/overview.png']));
    const item = () => shadow(view).querySelector('mantis-media-item') as HTMLElement & { media: unknown };
    // Nothing is there (a 404 without CORS headers: the browser reports a network failure).
    await waitUntil(() => shadow(item()).querySelector('[part~="placeholder"][data-reason]'), 'the wrong base did not fail', { timeout: 5000 });
    const first = el.session.media;
    el.mediaBaseUrl = `${agentOrigin}/api/v1/`;
    await el.updateComplete;
    expect(el.session.media === first).to.equal(false);
    await waitUntil(() => item().media === el.session.media, 'the view kept the old service');
    await waitUntil(() => images(view).length === 1 && images(view)[0]?.complete, 'the image did not load through the new service', { timeout: 5000 });
  });

  it('a chat put back after it was removed for good makes its media service again', async () => {
    const el = await openChat({ 'media-base-url': `${agentOrigin}/api/v1/` });
    el.mediaToken = () => 'demo-token';
    await el.updateComplete;
    const parent = el.parentElement as HTMLElement;
    const released = el.session.media;
    el.remove();
    await waitUntil(() => el.session.media === null, 'not released', { timeout: 3000 });
    parent.append(el);
    await el.updateComplete;
    expect(el.session.media !== null && el.session.media !== released).to.equal(true);
    await waitUntil(() => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected again', { timeout: 5000 });
    const view = await replyWithNode(el, gallery(['agent_files/demo/alarm.png']));
    await waitUntil(() => images(view).length === 1 && images(view)[0]?.complete, 'the image did not load after the chat came back', { timeout: 5000 });
  });

  it('removing the chat for good revokes what its media service created', async () => {
    const el = await openChat({ 'media-base-url': `${agentOrigin}/api/v1/` });
    el.mediaToken = () => 'demo-token';
    await el.updateComplete;
    const view = await replyWithNode(el, gallery(['agent_files/demo/junction-photo.png']));
    await waitUntil(() => images(view).length === 1 && images(view)[0]?.complete, 'the image did not load', { timeout: 5000 });
    const media = el.session.media;
    expect(media?.stats.created).to.equal(1);
    el.remove();
    await waitUntil(() => media?.stats.revoked === 1, 'not revoked when the chat was removed', { timeout: 3000 });
  });
});
