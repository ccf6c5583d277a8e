/** Who is calling: a user of the calendar (each access token is its own user; user 1 owns it). */
import type { Role } from '#shared/schemas/common.ts';

export type Principal = { id: number; name: string; role: Role };

export const OWNER_ID = 1;
