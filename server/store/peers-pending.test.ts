import { describe, expect, it } from 'vitest';
import { createPeersRepo, type PeerRecordRow } from './peers.repo.ts';
import { storePerTest } from '../../test/support/store-fixtures.ts';

const temp = storePerTest();
const T = '2026-01-01 00:00:00';

function post(id: number, kind: string, rev: number): string {
  const uuid = crypto.randomUUID();
  temp.store.db
    .prepare(
      `INSERT INTO posts (id, uuid, kind, status, author, date_utc, created_utc, modified_utc, rev)
       VALUES (?, ?, ?, 'publish', 1, ?, ?, ?, ?)`,
    )
    .run(id, uuid, kind, T, T, T, rev);
  return uuid;
}

function term(id: number, rev: number): string {
  const uuid = crypto.randomUUID();
  temp.store.db
    .prepare(
      `INSERT INTO terms (id, uuid, taxonomy, created_utc, modified_utc, rev) VALUES (?, ?, 'tag', ?, ?, ?)`,
    )
    .run(id, uuid, T, T, rev);
  return uuid;
}

function tombstone(id: number, rev: number): string {
  const uuid = crypto.randomUUID();
  temp.store.db
    .prepare(
      `INSERT INTO tombstones (uuid, kind, record_id, rev, deleted_utc) VALUES (?, 'event', ?, ?, ?)`,
    )
    .run(uuid, id, rev, T);
  return uuid;
}

const row = (kind: PeerRecordRow['kind'], uuid: string, fields: Partial<PeerRecordRow>) => ({
  kind,
  uuid,
  remoteId: '1',
  remoteVersion: 'v',
  localRev: 0,
  baseLocal: null,
  baseRemote: null,
  intent: null,
  ...fields,
});

describe('a peer’s pending changes (the header’s “sending N”)', () => {
  it('counts in one statement what the per-change rule counts, for the website and the hub', () => {
    const repo = createPeersRepo(temp.store.db);
    const peerId = repo.connect({
      kind: 'website',
      address: 'https://example.org',
      apiRoot: 'https://example.org/wp-json/',
      login: 'x',
      language: 'en',
      trustsRaw: true,
      site: '{}',
      createdUtc: T,
    });
    post(1, 'event', 11); // the peer holds no record of it
    const sent = post(2, 'event', 12); // the peer had this revision
    const stale = post(3, 'venue', 13); // the peer holds an older revision
    term(1, 14); // a tag the peer holds no record of
    const goneHeld = tombstone(4, 15); // deleted here, still mapped there (sent to a hub)
    const goneMapped = tombstone(5, 16); // deleted here, mapped there, never sent
    tombstone(6, 17); // deleted here, never there
    post(7, 'event', 5); // before the cursor
    post(8, 'event', 30); // after `upTo`
    repo.save(peerId, row('event', sent, { localRev: 12 }));
    repo.save(peerId, row('venue', stale, { localRev: 9 }));
    repo.save(peerId, row('event', goneHeld, { remoteId: '4', baseRemote: '{}' }));
    repo.save(peerId, row('event', goneMapped, { remoteId: '5' }));

    // What the header counted before, one query per change.
    const byRule = (held: 'mapped' | 'sent', limit: number) =>
      repo
        .changedSince(10, 20)
        .slice(0, limit)
        .filter((change) => {
          const mine = repo.record(peerId, change.kind, change.uuid);
          if (change.deleted) return held === 'mapped' ? !!mine : mine?.baseRemote != null;
          return !mine || mine.localRev < change.rev;
        }).length;
    const range = { after: 10, upTo: 20, limit: 100 };
    expect(repo.pendingCount(peerId, range, 'mapped')).toBe(5); // unsent, stale, tag, 2 tombstones
    expect(repo.pendingCount(peerId, range, 'sent')).toBe(4);
    for (const held of ['mapped', 'sent'] as const)
      for (const limit of [1, 2, 3, 5, 100])
        expect(repo.pendingCount(peerId, { ...range, limit }, held)).toBe(byRule(held, limit));
  });
});
