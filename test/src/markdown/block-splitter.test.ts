import { expect } from '@open-wc/testing';
import { closeOpenInline, createBlockSplitter } from '../../../src/index.js';
import { MIXED_DOCUMENTS } from '../../helpers/documents.js';

describe('createBlockSplitter', () => {
  it('keeps finished blocks and the open block equal to the source at every chunk', () => {
    for (const doc of MIXED_DOCUMENTS) {
      const splitter = createBlockSplitter();
      let seen = '';
      for (let i = 0; i < doc.length; i += 5) {
        const delta = doc.slice(i, i + 5);
        splitter.push(delta);
        seen += delta;
        expect(splitter.blocks.join('') + splitter.open).to.equal(seen);
      }
      splitter.end();
      expect(splitter.blocks.join('')).to.equal(doc);
      expect(splitter.open).to.equal('');
    }
  });

  it('closes a block only once a later block has a complete first line', () => {
    const splitter = createBlockSplitter();
    splitter.push('# Title\n');
    expect(splitter.blocks).to.deep.equal([]);
    splitter.push('1');
    // A partial "1" after a block may still become anything: nothing closes on an unfinished line.
    expect(splitter.blocks).to.deep.equal([]);
    splitter.push('. first\n');
    expect(splitter.blocks).to.deep.equal(['# Title\n']);
    splitter.push('2. second\n');
    expect(splitter.blocks).to.have.length(1);
    expect(splitter.open).to.equal('1. first\n2. second\n');
  });

  it('yields the same blocks however the text is chunked', () => {
    for (const doc of MIXED_DOCUMENTS) {
      const whole = createBlockSplitter();
      whole.push(doc);
      whole.end();
      for (const size of [1, 3, 17]) {
        const chunked = createBlockSplitter();
        for (let i = 0; i < doc.length; i += size) chunked.push(doc.slice(i, i + size));
        chunked.end();
        expect(chunked.blocks, `chunks of ${size}`).to.deep.equal(whole.blocks);
      }
    }
  });

  it('collects link reference definitions and counts them', () => {
    const splitter = createBlockSplitter();
    splitter.push('See [the docs][d].\n\n[d]: https://example.com/docs\n\nMore.\n');
    expect(splitter.definitions).to.contain('[d]: https://example.com/docs');
    expect(splitter.definitionsVersion).to.equal(1);
  });
});

describe('closeOpenInline', () => {
  it('closes half-received emphasis and code for display', () => {
    expect(closeOpenInline('This is **bol')).to.equal('This is **bol**');
    expect(closeOpenInline('a *it')).to.equal('a *it*');
    expect(closeOpenInline('call `fn')).to.equal('call `fn`');
    expect(closeOpenInline('gone ~~old')).to.equal('gone ~~old~~');
    expect(closeOpenInline('**bold *it')).to.equal('**bold *it***');
  });

  it('drops an opener with nothing after it, and leaves balanced text, bullets and code blocks alone', () => {
    expect(closeOpenInline('hello **')).to.equal('hello');
    expect(closeOpenInline('done **x** and *y*')).to.equal('done **x** and *y*');
    expect(closeOpenInline('* item')).to.equal('* item');
    expect(closeOpenInline('a * b')).to.equal('a * b');
    expect(closeOpenInline('```js\nconst a = `x')).to.equal('```js\nconst a = `x');
  });
});
