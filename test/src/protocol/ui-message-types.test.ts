import { expect } from '@open-wc/testing';
import type { UIMessage, UIMessagePart, UITools } from 'ai';
import { parseAssistantText, type MantisDataTypes, type MantisPart } from '../../../src/index.js';

// Type level: every part the parser yields is an AI SDK 7 UIMessage part. `tsc` (npm test) fails if not.
type Assignable<A, B> = [A] extends [B] ? true : false;
const partsAreUIMessageParts: Assignable<MantisPart, UIMessagePart<MantisDataTypes, UITools>> = true;
// And a part the SDK does not know is not accepted as one of ours.
const sdkPartsAreNotAllOurs: Assignable<UIMessagePart<MantisDataTypes, UITools>, MantisPart> = false;
// The check can fail: a part type the SDK does not allow, or one of our data parts with the wrong data, is refused.
const unknownTypeIsRefused: Assignable<MantisPart | { type: 'mantis-ui'; data: unknown }, UIMessagePart<MantisDataTypes, UITools>> = false;
const wrongDataIsRefused: Assignable<{ type: 'data-mantis-ui'; id: string; data: 42 }, UIMessagePart<MantisDataTypes, UITools>> = false;
const wrongToolStateIsRefused: Assignable<{ type: 'dynamic-tool'; toolName: string; toolCallId: string; state: 'finished'; input: unknown }, UIMessagePart<MantisDataTypes, UITools>> = false;

describe('AI SDK 7 UIMessage parts', () => {
  it('a parsed assistant message is a UIMessage', () => {
    expect(partsAreUIMessageParts).to.equal(true);
    expect(sdkPartsAreNotAllOurs).to.equal(false);
    expect([unknownTypeIsRefused, wrongDataIsRefused, wrongToolStateIsRefused]).to.deep.equal([false, false, false]);
    const view = JSON.stringify({ version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'Hi' } });
    const message: UIMessage<unknown, MantisDataTypes> = {
      id: 'm1',
      role: 'assistant',
      parts: [...parseAssistantText(`Hello\n\`\`\`mantis-ui\n${view}\n\`\`\`\n`, { inlineUiVersion: 1, mode: 'orchestrator' })],
    };
    expect(message.parts.map((p) => p.type)).to.deep.equal(['text', 'data-mantis-ui']);
  });
});
