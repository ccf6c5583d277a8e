import { describe, expect, it } from 'vitest';
import { createPeersRepo } from '../../store/peers.repo.ts';
import { storePerTest } from '../../../test/support/store-fixtures.ts';
import { createPeerLog } from './peer-log.ts';

const temp = storePerTest();

describe('a peer’s problem tried again', () => {
  it('counts on one line per code, keeping the newest message', () => {
    const repo = createPeersRepo(temp.store.db);
    let clock = 0;
    const log = createPeerLog(repo, () => `2026-11-28 10:00:0${clock++}`);
    const id = repo.connect({
      kind: 'website',
      address: 'https://example.org',
      apiRoot: 'https://example.org/wp-json/',
      login: 'x',
      language: 'en',
      trustsRaw: true,
      site: '{}',
      createdUtc: '2026-11-28 10:00:00',
    });
    const peer = repo.website()!;
    expect(peer.id).toBe(id);
    const down = (why: string) => ({
      code: 'marquee_site_unreachable',
      message: `The website cannot be reached: ${why}.`,
    });
    // A site going down: its connection reset once, then nothing answers, twice.
    log.failed(peer, false, down('the connection was reset'));
    log.failed(peer, false, down('nothing answers at that address'));
    log.failed(peer, false, down('nothing answers at that address'));
    log.failed(peer, false, { code: 'marquee_site_login', message: 'The login was refused.' });

    const lines = log.read(peer, 10).filter((line) => line.action === 'problem');
    expect(lines.map((line) => line.detail?.values)).toEqual([
      { code: 'marquee_site_login', message: 'The login was refused.', tries: '1' },
      { ...down('nothing answers at that address'), tries: '3' },
    ]);
  });
});
