/**
 * The tokens `marquee site …` and `marquee hub …` make to ask the server running on their
 * calendar, as its owner: one per request, deleted when the answer is in (cli/peer-door.ts).
 * A command stopped mid-request (killed, the machine off) leaves its token, and versions before
 * this one revoked theirs instead of deleting them: the server removes those when it starts,
 * when no command can be asking it anything.
 */
import type { UsersRepo } from '../store/users.repo.ts';

const SUFFIX = ' (command line)';

/** The commands that ask a running server (cli/site-door.ts, cli/hub-command.ts). */
export type AskingCommand = 'marquee site' | 'marquee hub';

const ASKING: readonly AskingCommand[] = ['marquee site', 'marquee hub'];

export const commandLineTokenName = (command: AskingCommand): string => `${command}${SUFFIX}`;

/** Removes what commands left: their tokens, and revoked ones named as they name theirs. */
export function removeCommandLineTokens(users: UsersRepo): number {
  return users.removeNamed(ASKING.map(commandLineTokenName), SUFFIX);
}
