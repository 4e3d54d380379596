// mantis-ui/testing fails where a test went wrong, saying what it found: a typo in a script throws where it was
// written, a refused message, a missing action and a missing field name what the chat shows instead. findAllParts
// walks light DOM and every nested shadow root in order.
import { expect } from '@open-wc/testing';
import '../../../elements/index.js';
import { COMPOSER_LIMITS } from '../../../src/index.js';
import { ScriptError, ScriptedTransport, cleanupChats, clickAction, deepText, fillField, findAllParts, mountChat, reply, sendMessage, viewFixtures, waitForReply } from '../../../elements/testing/index.js';

afterEach(() => cleanupChats());

const failure = async (run: () => unknown): Promise<Error> => {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
};

describe('mantis-ui/testing: clear failures', () => {
  it('a view with a typo throws a ScriptError naming the path', async () => {
    const error = await failure(() => reply().view({ version: 1, id: 'v', root: { id: 'c', type: 'callout', tone: 'loud', body: 'x' } }));
    expect(error).to.be.instanceOf(ScriptError);
    expect(error.message).to.match(/^reply\(\)\.view\(\): .*\/root/);
  });

  it('an envelope with a typo throws a ScriptError saying why', async () => {
    const error = await failure(() => reply().envelope({ kind: 'chart', schemaVersion: 'agent-ui@1', grammar: 'echarts-safe-subset', surface: 'chat_inlne', spec: {}, fallbackText: 'x' }));
    expect(error).to.be.instanceOf(ScriptError);
    expect(error.message).to.equal('reply().envelope(): invalid-envelope: The envelope is not a valid agent-ui@1 envelope (at surface).');
  });

  it('sendMessage fails with the reason the chat shows', async () => {
    const { chat, transport } = await mountChat();
    const error = await failure(() => sendMessage(chat, 'x'.repeat(COMPOSER_LIMITS.userMessageLength + 1)));
    expect(error.message).to.match(/^sendMessage: the chat did not send "x{80}…": .+/);
    expect(transport.frames).to.deep.equal([]);
  });

  it('clickAction and fillField name what is there instead', async () => {
    const { chat } = await mountChat({ replies: [reply().view(viewFixtures.card)] });
    await sendMessage(chat, 'card');
    await waitForReply(chat);
    const missing = await failure(() => clickAction(chat, 'Delete everything', { timeout: 30 }));
    expect(missing.message).to.contain('no enabled action "Delete everything"').and.to.contain('compare "Compare"');
    const field = await failure(() => fillField(chat, 'Surname', 'x', { timeout: 30 }));
    expect(field.message).to.contain('no field labelled "Surname"').and.to.contain('"Message"');
  });
});

describe('mountChat', () => {
  it('takes a chat that never connected off the page again when it fails', async () => {
    // A transport that stays closed, as one whose backend refused it would.
    class Refusing extends ScriptedTransport {
      override connect(): void {}
    }
    const before = document.querySelectorAll('mantis-chat').length;
    const error = await failure(() => mountChat({ transport: new Refusing() }));
    expect(error.message).to.match(/^mountChat: the chat did not open its connection/);
    expect(document.querySelectorAll('mantis-chat').length).to.equal(before);
  });
});

describe('deepText', () => {
  it('joins text as it reads, through shadow roots, with a space between boxes and nothing hidden', () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<p>Junction J-<b>101</b>: <span>318</span>kPa</p><p hidden>secret</p><ul><li>one</li><li>two</li></ul>'
      + '<span style="display:none">gone</span><span style="visibility:hidden">unseen <em style="visibility:visible">seen</em></span><button>A</button><button>B</button>';
    document.body.append(host);
    expect(deepText(host)).to.equal('Junction J-101: 318kPa one two seen A B');
    host.remove();
  });
});

describe('findAllParts', () => {
  it('walks light DOM and nested shadow roots, each shadow root right after its host', () => {
    const outer = document.createElement('div');
    const host = document.createElement('section');
    host.className = 'hit';
    const root = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('article');
    inner.className = 'hit';
    const innerRoot = inner.attachShadow({ mode: 'open' });
    innerRoot.innerHTML = '<p class="hit" id="deep"></p>';
    root.append(inner);
    host.innerHTML = '<span class="hit" id="light"></span>';
    outer.append(host);
    document.body.append(outer);
    try {
      expect(findAllParts(outer, '.hit').map((el) => el.id || el.tagName.toLowerCase())).to.deep.equal(['section', 'article', 'deep', 'light']);
      expect(findAllParts(host, '#deep')).to.have.length(1);
    } finally {
      outer.remove();
    }
  });
});
