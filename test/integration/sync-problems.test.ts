/** The user's ways out of a conflict or refusal, against a real server. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, createEvent, eventOf } from '../support/events.ts';
import { openReplica, type Link, type Replica } from '../support/replica.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let link: Link;
let replica: Replica;

beforeEach(async () => {
  server = await startTestServer();
  link = { url: server.url, online: true, loseNextPushAnswer: false };
  replica = openReplica(link);
});
afterEach(async () => {
  await replica.engine.stop();
  replica.db.close();
  await server.close();
});

/** An event both sides know; then I change title and cost offline while the web changes both. */
async function conflict() {
  const event = await createEvent(server, {
    title: 'Base',
    cost: '5',
    start_date: at(1),
    end_date: at(1, 2),
  });
  await replica.engine.syncNow();
  const uuid = (await replica.db.events.toArray())[0]?.uuid ?? '';
  link.online = false;
  await replica.records.update('event', uuid, { title: { en: 'Mine' }, cost: '7' });
  await server.api(`/events/${event.id}`, { as: 'owner', json: { title: 'Web', cost: '9' } });
  link.online = true;
  await replica.engine.syncNow();
  const [problem] = await replica.problems.list();
  expect(problem).toMatchObject({ status: 'conflict', local: { title: { en: 'Mine' } } });
  return { id: event.id, uuid, problem: problem! };
}

async function settle() {
  await replica.engine.syncNow();
  expect(replica.engine.status()).toMatchObject({ state: 'synced', problems: 0, pending: 0 });
}

describe('conflicts', () => {
  it('keeps mine: my fields go to the server on top of its version', async () => {
    const { id, problem } = await conflict();
    await replica.problems.keepMine(problem.mutationId);
    await settle();
    expect(eventOf(await server.api(`/events/${id}`))).toMatchObject({ title: 'Mine', cost: '$7' });
  });

  it('takes the server’s: nothing is sent, the server’s version stays', async () => {
    const { id, uuid, problem } = await conflict();
    await replica.problems.takeServer(problem.mutationId);
    await settle();
    expect(eventOf(await server.api(`/events/${id}`))).toMatchObject({ title: 'Web', cost: '$9' });
    expect(await replica.records.get('event', uuid)).toMatchObject({
      title: { en: 'Web' },
      cost: '9',
    });
  });

  it('merges: mine for the fields chosen, the server’s for the rest', async () => {
    const { id, problem } = await conflict();
    await replica.problems.merge(problem.mutationId, ['cost']);
    await settle();
    expect(eventOf(await server.api(`/events/${id}`))).toMatchObject({ title: 'Web', cost: '$7' });
  });

  it('brings my version back as a new record when the server deleted it meanwhile', async () => {
    const event = await createEvent(server, {
      title: 'Doomed',
      start_date: at(2),
      end_date: at(2, 1),
    });
    await replica.engine.syncNow();
    const uuid = (await replica.db.events.toArray())[0]?.uuid ?? '';
    link.online = false;
    await replica.records.update('event', uuid, { cost: '12' });
    await server.api(`/events/${event.id}?force=true`, { as: 'owner', method: 'DELETE' });
    link.online = true;
    await replica.engine.syncNow();
    const [problem] = await replica.problems.list();
    expect(problem).toMatchObject({ status: 'conflict', server: null });
    expect(await replica.records.get('event', uuid)).toBeUndefined();

    await replica.problems.keepMine(problem!.mutationId);
    await settle();
    const [revived] = await replica.db.events.toArray();
    expect(revived).toMatchObject({ title: { en: 'Doomed' }, cost: '12' });
    expect(revived?.uuid).not.toBe(uuid);
    expect(eventOf(await server.api(`/events/${revived?.id}`))).toMatchObject({
      title: 'Doomed',
      cost: '$12',
      start_date: at(2),
    });
  });

  it('dismisses a refusal, which leaves the server’s version in place', async () => {
    const uuid = await replica.records.create('event', {
      title: { en: 'Fine' },
      start: at(1),
      end: at(1, 1),
    });
    await replica.records.update('event', uuid, { venueUuid: crypto.randomUUID() });
    await replica.engine.syncNow();
    const [refusal] = await replica.problems.list();
    expect(refusal).toMatchObject({ status: 'rejected', error: { code: 'rest_invalid_param' } });
    await replica.problems.dismiss(refusal!.mutationId);
    await settle();
    expect(await replica.records.get('event', uuid)).toMatchObject({ venueUuid: null });
  });
});
