/**
 * Failed sign-ins, per client (the connection's address: no forwarded header is trusted), so
 * guessing tokens costs time:
 *
 * - a client's first 10 failures in a row are answered as they are (401);
 * - then each further failure locks the client out for 1 s, doubling per failure up to 60 s;
 *   while locked, a request with credentials is answered 429 (`Retry-After`: the seconds left)
 *   without them being checked, so the lock cannot be used as an oracle;
 * - credentials this client has signed in with before are checked even while it is locked: a
 *   script with its right token is never slowed by a guesser behind the same address;
 * - a success with credentials new to the client resets its count (a known one does not: a
 *   script beside the guesser would hand it ten fresh tries each time). Requests without
 *   credentials are never counted.
 *
 * Guessing then gets about 70 tries in the first hour per address, where it had 3,000 a
 * second. The state is in memory (a restart forgets it) and bounded: the least recently seen
 * clients are forgotten past 10,000.
 */
import { hashToken } from './tokens.ts';

const FREE_FAILURES = 10;
const FIRST_LOCK_MS = 1000;
const LONGEST_LOCK_MS = 60_000;
const REMEMBERED_CLIENTS = 10_000;
const REMEMBERED_CREDENTIALS = 16;

type Client = { failures: number; lockedUntil: number; signedInWith: Set<string> };

export type SignInAttempts = ReturnType<typeof createSignInAttempts>;

export function createSignInAttempts(now: () => number) {
  const clients = new Map<string, Client>();

  /** The client's entry, made most recently seen (a Map keeps insertion order). */
  function entryOf(address: string): Client {
    const known = clients.get(address);
    if (known) clients.delete(address);
    const client = known ?? { failures: 0, lockedUntil: 0, signedInWith: new Set<string>() };
    clients.set(address, client);
    for (const oldest of clients.keys()) {
      if (clients.size <= REMEMBERED_CLIENTS) break;
      clients.delete(oldest);
    }
    return client;
  }

  return {
    /** How many ms `address` must wait before `credentials` are checked (0: check them now). */
    wait(address: string, credentials: string): number {
      const client = clients.get(address);
      if (!client) return 0;
      const left = client.lockedUntil - now();
      if (left <= 0 || client.signedInWith.has(hashToken(credentials))) return 0;
      return left;
    },

    failed(address: string): void {
      const client = entryOf(address);
      client.failures += 1;
      const beyond = client.failures - FREE_FAILURES;
      if (beyond > 0)
        client.lockedUntil = now() + Math.min(FIRST_LOCK_MS * 2 ** (beyond - 1), LONGEST_LOCK_MS);
    },

    succeeded(address: string, credentials: string): void {
      const client = entryOf(address);
      const hash = hashToken(credentials);
      // A credential it used before says nothing of who else guesses from the address.
      if (client.signedInWith.has(hash)) return;
      client.failures = 0;
      client.lockedUntil = 0;
      if (client.signedInWith.size >= REMEMBERED_CREDENTIALS) client.signedInWith.clear();
      client.signedInWith.add(hash);
    },
  };
}
