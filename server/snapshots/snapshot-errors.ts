/**
 * What a restore answers when the snapshot named is not one (snapshots.service.ts): none by that
 * name, or one that cannot be restored and why.
 */
import { DomainError } from '../domain/errors.ts';

export function notFound(name: string): DomainError {
  return new DomainError('marquee_snapshot_not_found', `There is no snapshot named ${name}.`);
}

export function unusable(name: string, why: string): DomainError {
  return new DomainError(
    'marquee_snapshot_invalid',
    `The snapshot ${name} cannot be restored: ${why}`,
  );
}
