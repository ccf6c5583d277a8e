/**
 * Posts the user cannot read as an editor does: one another user owns (an author's view of
 * others' events), and one protected by a password, whose details TEC hides.
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import type { TecHttp } from './tec-http.ts';
import { protectedContent, renderedAsRaw, unexpected, type Row } from './tec-read-parts.ts';
import { CORE_ROUTE, TEC_ROUTE } from './tec-routes.ts';
import type { CorePostWire } from './tec-wire.ts';

/** TEC's answer for a post, or what stands for it: trashed, protected by a password, gone. */
export type TecWire = Row | 'trashed' | 'protected' | 'gone';

/**
 * A post the user may read but not edit: its texts as the public sees them, rendered, for the
 * raw ones are refused; 'unreadable' when even that is (it is neither had nor gone: the pass
 * leaves it alone).
 */
export async function readAsReader(
  http: TecHttp,
  kind: PostKind,
  id: string,
): Promise<{ row: Record<string, unknown>; answeredAt: number } | 'unreadable'> {
  const answer = await http.get(`${CORE_ROUTE[kind]}/${id}`);
  // A password-protected post's details are hidden from whoever cannot give its password.
  if (answer.status !== 200 || protectedContent(answer.body)) return 'unreadable';
  return { row: renderedAsRaw(answer.body), answeredAt: answer.answeredAt };
}

/**
 * TEC hides a password-protected post's details (its lists answer nulls, its single read
 * refuses) unless the request gives the password: core gave it to this user with the raw
 * texts, so the post is read again with it (`remember` keeps the answer for the pass). Without
 * it the post stays 'protected' (unread).
 */
export async function unlockProtected(
  http: TecHttp,
  kind: PostKind,
  wires: Map<string, TecWire>,
  raws: ReadonlyMap<string, { raw: CorePostWire } | 'gone' | 'unreadable'>,
  remember: (id: string, row: Row) => void,
): Promise<void> {
  await Promise.all(
    [...raws].map(async ([id, raw]) => {
      const password = typeof raw === 'object' ? raw.raw.password : undefined;
      if (!password) return;
      const answer = await http.get(
        `${TEC_ROUTE[kind]}/${id}?password=${encodeURIComponent(password)}`,
      );
      if (answer.status === 200) {
        wires.set(id, answer.body as Row);
        remember(id, answer.body as Row);
      } else if (answer.status === 403) wires.set(id, 'protected');
      else if (answer.status === 404 || answer.status === 410) wires.set(id, 'gone');
      else throw unexpected(`${TEC_ROUTE[kind]}/${id}`, answer.status);
    }),
  );
}
