import { expect } from '@open-wc/testing';
import { AGENT_FILE_KEY_PATTERN, MANTIS_URI_PATTERN, POINT_URI_PATTERN, parseMantisUri, validateView } from '../../../src/index.js';
import { sharedCorpusOrSkip } from '../../helpers/corpus.js';

const card = (uri: string) => ({
  version: 1,
  id: 'v',
  root: { id: 'c', type: 'entity-card', title: 'T', target: { uri } },
});
const gallery = (key: string) => ({
  version: 1,
  id: 'v',
  root: { id: 'g', type: 'media-gallery', items: [{ id: 'i', key, alt: 'A picture' }] },
});

const OWN_REJECTS = [
  'https://example.com/',
  'javascript:alert(1)',
  'MANTIS://map/m/point/p',
  'mantis://map/m/point/p?x=1',
  'mantis://map/m/point/p#f',
  'mantis://map/m/point/p/',
  'mantis://map/m/points/p',
  'mantis://map//point/p',
  'mantis://map/m/point/p%20',
  'mantis://map/m/point/.p',
  'mantis://map/m/point/p\n',
  ' mantis://map/m/point/p',
  'mantis://map/m/point/' + 'p'.repeat(65),
];

describe('mantis:// URIs and agent_files keys', () => {
  it('accepts exactly the canonical point, bag and cluster URIs', () => {
    for (const kind of ['point', 'bag', 'cluster'] as const) {
      expect(parseMantisUri(`mantis://map/map-1/${kind}/id_2`)).to.deep.equal({ map: 'map-1', kind, id: 'id_2' });
      expect(validateView(card(`mantis://map/map-1/${kind}/id_2`)).ok).to.equal(true);
    }
    expect(POINT_URI_PATTERN.test('mantis://map/m/point/p')).to.equal(true);
    expect(POINT_URI_PATTERN.test('mantis://map/m/bag/p')).to.equal(false);
  });

  it('rejects everything else', () => {
    for (const uri of OWN_REJECTS) {
      expect(MANTIS_URI_PATTERN.test(uri), uri).to.equal(false);
      expect(validateView(card(uri)).ok, uri).to.equal(false);
    }
  });

  it('accepts agent_files keys and rejects traversal, schemes and encodings', () => {
    for (const key of ['agent_files/a.png', 'agent_files/run_1/chart.final.png', 'agent_files/x']) {
      expect(validateView(gallery(key)).ok, key).to.equal(true);
    }
    for (const key of ['agent_files/', 'agent_files/../x', 'agent_files/./x', 'agent_files/.env', 'agent_files//x', 'agent_files/a..b', '/agent_files/x', 'https://x/agent_files/x', 'agent_files/%2e%2e/x', 'agent_files/a\\b']) {
      expect(AGENT_FILE_KEY_PATTERN.test(key), key).to.equal(false);
      expect(validateView(gallery(key)).ok, key).to.equal(false);
    }
  });

  it('gives every entry of the shared uri corpus its expected verdict', async function () {
    const corpus = await sharedCorpusOrSkip(this, 'the shared uri corpus');
    for (const entry of corpus.uri) {
      const accepted = entry.payload.startsWith('mantis://')
        ? validateView(card(entry.payload)).ok
        : validateView(gallery(entry.payload)).ok;
      expect(accepted ? 'accept' : 'reject', `${entry.id}: ${entry.payload.slice(0, 80)}`).to.equal(entry.expect);
    }
  });
});
