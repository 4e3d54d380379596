import { expect } from '@open-wc/testing';
import 'mantis-ui';
import { a2uiFormMessages, chartEnvelope, cleanupChats, clickButton, fillField, findPart, mountChat, reply, sendMessage, viewFixtures, waitForReply } from 'mantis-ui/testing';

describe('the chat on our page', () => {
  afterEach(() => cleanupChats());

  it('shows a scripted answer, and the booking form sends what the user typed', async () => {
    // A <mantis-chat> on the page, talking to a script instead of a backend.
    const { chat, transport } = await mountChat({
      replies: [
        reply()
          .text('Here is the densest cluster.')
          .view(viewFixtures.card)
          .envelope(chartEnvelope)
          .text('Book a visit below.')
          .a2ui(a2uiFormMessages),
        reply().text('Booked for Ada.'),
      ],
    });

    await sendMessage(chat, 'Show me the densest cluster');
    const answer = await waitForReply(chat);
    expect(answer.text).to.contain('Here is the densest cluster.');
    expect(findPart(chat, 'mantis-ui-view')).to.not.equal(null);
    expect(findPart(chat, '[part~="chart"] svg')).to.not.equal(null);
    expect(answer.uiEnvelopes[0]?.renderStatus).to.equal('rendered');

    await fillField(chat, 'Name', 'Ada');
    await clickButton(chat, 'Book');
    expect((await waitForReply(chat)).text).to.equal('Booked for Ada.');

    expect(transport.userMessages).to.deep.equal(['Show me the densest cluster']);
    expect(transport.a2uiActions[0]?.context).to.deep.equal({ name: 'Ada' });
  });
});
