import type { Writer } from '#shared/text/kses/text-rules.ts';
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';

/**
 * Who may write HTML, per author, read once per pass: a push of a thousand records by a few
 * users asks the users table a few times, not a thousand.
 */
export function writersOf(user: (id: number) => Principal | undefined): (author: number) => Writer {
  const known = new Map<number, Writer>();
  return (author) => {
    let writer = known.get(author);
    if (!writer) known.set(author, (writer = { unfilteredHtml: can.unfilteredHtml(user(author)) }));
    return writer;
  };
}
