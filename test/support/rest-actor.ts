/**
 * The sync property test's third actor (sync-convergence.test.ts): someone editing through TEC's
 * REST API with an editor's token while replicas edit offline. Each 200 or 201 is an
 * acknowledged change, logged at the revision the server gave it, with its fields in the
 * record's shape (so it is compared as a replica's applied push is).
 */
import { expect } from 'vitest';
import { openStore } from '#server/store/open-store.ts';
import type { Acknowledged, Patch } from './lost-changes.ts';
import type { TestServer } from './test-server.ts';

type TrackedPatch = {
  cost?: string;
  featured?: boolean;
  status?: string;
  start?: string;
  end?: string;
  title?: { en?: string };
  description?: { de?: string };
};

/** A patch's fields as a TEC body's (the texts apart: one language a body). */
function bodyOf({ start, end, ...shared }: Omit<TrackedPatch, 'title' | 'description'>): Patch {
  return {
    ...shared,
    ...(start ? { start_date: start } : {}),
    ...(end ? { end_date: end } : {}),
  };
}

/** The post's id (0: none) and revision, read from the store. */
function postOf(server: TestServer, where: 'uuid' | 'id', value: string | number) {
  const store = openStore(server.dataDir, { lock: false });
  try {
    return (
      (store.db.prepare(`SELECT id, uuid, rev FROM posts WHERE ${where} = ?`).get(value) as
        { id: number; uuid: string; rev: number } | undefined) ?? { id: 0, uuid: '', rev: 0 }
    );
  } finally {
    store.close();
  }
}

/** The event's cost as stored (the replicas' shape), read from the store. */
function storedCost(server: TestServer, uuid: string): string | undefined {
  const store = openStore(server.dataDir, { lock: false });
  try {
    const row = store.db
      .prepare('SELECT cost FROM events JOIN posts ON posts.id = events.post_id WHERE uuid = ?')
      .get(uuid) as { cost: string } | undefined;
    return row?.cost;
  } finally {
    store.close();
  }
}

/** The event's TEC answer's key for each tracked field it can be compared on. */
const ANSWER_KEYS: Readonly<Record<string, string>> = {
  cost: 'cost',
  featured: 'featured',
  status: 'status',
  start: 'start_date',
  end: 'end_date',
};

/**
 * The fields a write changed: one it set to the value the event already had is no change (the
 * server counts none, and a later edit made without knowing it loses nothing).
 */
function changedOnly(fields: Patch, before: Record<string, unknown>): Patch {
  return Object.fromEntries(
    Object.entries(fields).filter(([field, value]) => {
      const key = ANSWER_KEYS[field];
      return key === undefined || JSON.stringify(before[key]) !== JSON.stringify(value);
    }),
  );
}

export function restActor(server: () => TestServer, acknowledge: (change: Acknowledged) => void) {
  /** One body per language (TEC's writes are in one language), each acknowledged on its own. */
  async function write(path: string, method: 'POST' | 'PUT', uuid: string, patch: TrackedPatch) {
    const { title, description, ...shared } = patch;
    const calls: [Patch, Patch][] = [
      [
        { ...bodyOf(shared), ...(title?.en ? { title: title.en } : {}) },
        { ...shared, ...(title ? { title } : {}) },
      ],
      ...(description?.de
        ? [[{ description: description.de, language: 'de' }, { description }] as [Patch, Patch]]
        : []),
    ];
    for (const [body, fields] of calls.filter(([body]) => Object.keys(body).length > 0)) {
      const before = {
        ...((await server().api(path, { as: 'editor' })).body as Record<string, unknown>),
        // As stored: TEC's answer shows the cost formatted.
        cost: storedCost(server(), uuid),
      };
      const reply = await server().api(path, { as: 'editor', method, json: body });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      acknowledge({
        rev: postOf(server(), 'uuid', uuid).rev,
        uuid,
        patch: changedOnly(fields, before),
        by: 'rest',
      });
    }
  }

  return {
    /** POST /events with the patch's fields (in English; a German text follows as a PUT). */
    async create(patch: TrackedPatch): Promise<string> {
      const {
        description,
        title: titles,
        ...first
      } = {
        start: '2026-12-02 20:00:00',
        end: '2026-12-02 21:00:00',
        ...patch,
      };
      const title = titles?.en || 'Web';
      const reply = await server().api('/events', {
        as: 'editor',
        json: { ...bodyOf(first), title },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const created = postOf(server(), 'id', (reply.body as { id: number }).id);
      // A German description comes as a PUT in German: the create leaves it empty.
      acknowledge({
        ...created,
        patch: { ...first, title: { en: title }, description: { de: '' } },
        by: 'rest',
      });
      if (description?.de)
        await write(`/events/${created.id}`, 'PUT', created.uuid, { description });
      return created.uuid;
    },

    /** DELETE /events/{id}?force=true: gone for good; nothing when it is gone already. */
    async remove(uuid: string): Promise<void> {
      const { id } = postOf(server(), 'uuid', uuid);
      if (!id) return;
      const reply = await server().api(`/events/${id}?force=true`, {
        as: 'editor',
        method: 'DELETE',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const store = openStore(server().dataDir, { lock: false });
      const { rev } = store.db.prepare('SELECT rev FROM tombstones WHERE uuid = ?').get(uuid) as {
        rev: number;
      };
      store.close();
      acknowledge({ rev, uuid, patch: {}, by: 'rest', deleted: true });
    },

    /** PUT /events/{id} with the patch's fields; nothing when the event is gone. */
    async edit(uuid: string, patch: TrackedPatch): Promise<void> {
      const { id } = postOf(server(), 'uuid', uuid);
      if (id) await write(`/events/${id}`, 'PUT', uuid, patch);
    },
  };
}
