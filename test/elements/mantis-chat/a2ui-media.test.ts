// A2UI Video and AudioPlayer in <mantis-chat> (issue 31), against the reference server: a stored file plays with the
// browser's own controls, fetched through the chat's authenticated media service; a remote or bound address never
// plays and says why; without a media service nothing is requested at all.
import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { agentOrigin, composerSocketUrl } from '../../helpers/agent.js';
import { reply } from '../../helpers/chat-replies.js';
import { recordFetch } from '../../helpers/fetch-log.js';

const shadow = (el: Element) => el.shadowRoot as ShadowRoot;

async function chatWith(attributes: Record<string, string>): Promise<MantisChat> {
  const el = document.createElement('mantis-chat');
  el.setAttribute('url', composerSocketUrl());
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const chat = await fixture<MantisChat>(el);
  await waitUntil(() => shadow(chat).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
  return chat;
}
const surfaceOf = (chat: MantisChat) => shadow(chat).querySelector('mantis-a2ui-surface') as (HTMLElement & { updateComplete: Promise<unknown> }) | null;
const placeholders = (surface: Element) => [...shadow(surface).querySelectorAll('[part="media-placeholder"]')].map((p) => p.textContent?.replace(/\s+/g, ' ').trim());

describe('<mantis-chat> A2UI video and audio', () => {
  it('plays stored files through the media service with native controls; a remote or bound address says why it is not played', async () => {
    const chat = await chatWith({ 'media-base-url': `${agentOrigin}/api/v1/`, account: 'demo' });
    chat.mediaToken = () => 'demo-token';
    await reply(chat, 'a2ui media');
    await waitUntil(() => surfaceOf(chat)?.shadowRoot?.querySelectorAll('video[part="video"], audio[part="audio"]').length === 2, 'no video and audio', { timeout: 8000 });
    const surface = surfaceOf(chat) as HTMLElement;
    const video = shadow(surface).querySelector('video[part="video"]') as HTMLVideoElement;
    const audio = shadow(surface).querySelector('audio[part="audio"]') as HTMLAudioElement;
    expect(video.src).to.match(/^blob:/);
    expect(video.controls).to.equal(true);
    expect(video.getAttribute('aria-label')).to.equal('Flow at J-101');
    expect(audio.src).to.match(/^blob:/);
    expect(audio.getAttribute('aria-label')).to.equal('The alarm tone');
    // Real files the browser decodes.
    await waitUntil(() => video.readyState >= 1 && audio.readyState >= 1, 'the media never loaded their metadata', { timeout: 5000 });
    expect(video.videoWidth).to.equal(32);
    expect(audio.duration).to.be.closeTo(0.25, 0.01);
    expect(placeholders(surface)).to.deep.equal([
      'Video not played: it is not a stored file: A remote clip',
      'Audio not played: its address comes from the data model: A bound tone',
    ]);
    expect(shadow(surface).querySelectorAll('video, audio')).to.have.length(2);
    await expect(chat).to.be.accessible();
  });

  it('without a media service shows placeholders and requests nothing', async () => {
    const log = recordFetch();
    try {
      const chat = await chatWith({});
      await reply(chat, 'a2ui media');
      await waitUntil(() => surfaceOf(chat)?.shadowRoot?.querySelectorAll('[part="media-placeholder"]').length === 4, 'no placeholders', { timeout: 8000 });
      const surface = surfaceOf(chat) as HTMLElement;
      expect(placeholders(surface)[0]).to.equal('Video not loaded: Flow at J-101');
      expect(shadow(surface).querySelector('video, audio')).to.equal(null);
      expect(log.requested.filter((url) => url.includes('agent_files') || url.includes('example.com'))).to.deep.equal([]);
    } finally {
      log.restore();
    }
  });
});
