/**
 * Access tokens: 32 random bytes, shown once, stored as a SHA-256 hash. A slow hash adds
 * nothing for secrets with 256 bits of entropy, and a fast one keeps every request cheap.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'mq_';

export function generateToken(): string {
  return `${PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The shortest secret a person may give at start (MARQUEE_ADMIN_TOKEN, --admin-token,
 * MARQUEE_OWNER_KEY): a person chooses it, and anyone who reaches the API may guess at it
 * (sign-in-attempts.ts slows them).
 */
export const MIN_SECRET_LENGTH = 20;
