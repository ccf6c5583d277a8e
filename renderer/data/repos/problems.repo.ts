/**
 * What sync could not apply, and the user's ways out (never resolved silently).
 * A conflict stays until the user keeps theirs (their fields are sent again, on top of the
 * server's version), takes the server's, or merges (keeps theirs for the fields they choose).
 * A refusal is read and dismissed: the server's version stays; one for a strict venue taken
 * then may be sent again to book it anyway. Each choice is one transaction,
 * so a problem is never both resolved and left, even with several tabs open.
 */
import { KIND, KINDS } from '#shared/kinds/registry.ts';
import { type MarqueeDB, type Problem } from '../db.ts';
import type { Patch } from '#shared/kinds/registry.ts';
import type { RecordsRepo } from './records.repo.ts';

function pick(fields: Patch, keys: readonly string[]): Patch {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => keys.includes(key)));
}

/** The fields of a record a create may set (what it was, minus what the server assigns). */
function editableFields(problem: Problem): Patch {
  return pick(problem.local ?? {}, Object.keys(KIND[problem.kind].patch.shape));
}

export function createProblemsRepo(db: MarqueeDB, records: RecordsRepo) {
  const tables = [
    ...KINDS.map((kind) => db.table(KIND[kind].plural)),
    db.outbox,
    db.shadows,
    db.meta,
    db.problems,
  ];

  async function resolve(mutationId: number, act: (problem: Problem) => Promise<void>) {
    await db.transaction('rw', tables, async () => {
      const problem = await db.problems.get(mutationId);
      if (!problem) return; // Already resolved, in another tab.
      await act(problem);
      await db.problems.delete(mutationId);
    });
  }

  /** Sends the chosen fields of the user's change again, based on what the server has now. */
  async function resend(
    problem: Problem,
    keys: readonly string[],
    bookAnyway?: true,
  ): Promise<void> {
    const { kind, uuid } = problem;
    const current = await records.get(kind, uuid);
    // An occurrence's change goes again with its scope (its series, from it on or all of it).
    const scope = problem.kind === 'event' && problem.scope ? { scope: problem.scope } : {};
    const scoped = { ...scope, ...(bookAnyway && { bookAnyway }) };
    if (problem.op === 'delete') {
      if (current) await records.destroy(kind, uuid, scoped);
      return;
    }
    const chosen = pick(problem.fields, keys);
    if (current) {
      if (Object.keys(chosen).length > 0) await records.update(kind, uuid, chosen, scoped);
      return;
    }
    // The server deleted it meanwhile: the user's version comes back as a new record.
    await records.create(kind, { ...editableFields(problem), ...chosen }, scoped);
  }

  return {
    list: () => db.problems.orderBy('mutationId').toArray(),
    count: () => db.problems.count(),
    keepMine: (mutationId: number) =>
      resolve(mutationId, (problem) => resend(problem, Object.keys(problem.fields))),
    takeServer: (mutationId: number) => resolve(mutationId, () => Promise.resolve()),
    /** Keeps the user's value for `keys`, the server's for every other field. */
    merge: (mutationId: number, keys: readonly string[]) =>
      resolve(mutationId, (problem) => resend(problem, keys)),
    /**
     * A change refused because its venue is strict and taken then: sent again, whole, saying
     * to book it anyway (the server honours it for editors and admins).
     */
    bookAnyway: (mutationId: number) =>
      resolve(mutationId, (problem) => resend(problem, Object.keys(problem.fields), true)),
    /** A refusal has been read: the server's version stays. */
    dismiss: (mutationId: number) => resolve(mutationId, () => Promise.resolve()),
  };
}
