/**
 * `marquee token create|list|revoke`: access tokens for website builds and scripts. Works beside
 * a running server (SQLite's own locking keeps both safe), so no restart is needed.
 */
import { parseArgs } from 'node:util';
import { roleSchema } from '#shared/schemas/common.ts';
import { createAccessTokens } from '../sign-in/access-tokens.service.ts';
import { createUsersRepo } from '../store/users.repo.ts';
import { systemClock } from '../clock.ts';
import { openStore } from '../store/open-store.ts';
import { defaultDataDir } from './data-dir.ts';
import { CommandError, UsageError } from './usage.ts';

export function tokenCommand(argv: string[]): void {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { name: { type: 'string' }, role: { type: 'string' }, data: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [action, id] = positionals;
  const store = openStore(values.data ?? defaultDataDir(), { lock: false });
  try {
    const tokens = createAccessTokens({ users: createUsersRepo(store.db), clock: systemClock });
    switch (action) {
      case 'create': {
        if (!values.name) throw new UsageError('token create needs --name');
        const role = roleSchema.safeParse(values.role ?? 'editor');
        if (!role.success)
          throw new UsageError('--role must be admin, editor, author or contributor');
        const created = tokens.create(values.name, role.data);
        console.log(
          `Token ${created.id} for "${values.name}" (${role.data}). Copy it now; it is not shown again:`,
        );
        console.log(created.token);
        return;
      }
      case 'list': {
        const rows = tokens.list().filter((user) => user.has_token);
        if (rows.length === 0) {
          console.log('No tokens yet. Make one with: marquee token create --name "Website build"');
          return;
        }
        // Tab-separated under a header row: readable, and easy to cut or sort in scripts.
        console.log('id\trole\tcreated (UTC)\tstate\tname');
        for (const row of rows) {
          const state = row.revoked_utc ? `revoked ${row.revoked_utc}` : 'active';
          console.log(`${row.id}\t${row.role}\t${row.created_utc}\t${state}\t${row.name}`);
        }
        return;
      }
      case 'revoke': {
        if (!id || !/^\d+$/.test(id))
          throw new UsageError('token revoke needs the token id (see token list)');
        if (!tokens.revoke(Number(id))) throw new CommandError(`no active token has id ${id}`);
        console.log(`Token ${id} revoked.`);
        return;
      }
      default:
        throw new UsageError(`unknown token action "${action ?? ''}"`);
    }
  } finally {
    store.close();
  }
}
