/**
 * Runs one sync mutation: its patch goes straight to the kind's write command, the one every
 * door uses, inside the push's write, so it lands whole or not at all.
 */
import type { BookingWrite } from '../domain/bookings/bookings.service.ts';
import type { Kind, Patch } from '#shared/kinds/registry.ts';
import type { Mutation } from '#shared/schemas/sync.ts';
import type { Scope } from '#shared/series/occurrences.ts';
import { invalidParams } from '../domain/errors.ts';
import type { DomainContext } from '../domain/context.ts';
import type { EventsService } from '../domain/events/events.service.ts';
import type { OrganizersService } from '../domain/linked-posts/linked-posts.service.ts';
import { CATEGORIES, TAGS, type TaxonomyConfig } from '../domain/terms/taxonomies.ts';
import type { TermsService } from '../domain/terms/terms.service.ts';
import type { VenuesService } from '../domain/linked-posts/linked-posts.service.ts';
import type { SyncRepo } from '../store/sync.repo.ts';

export type RecordServices = {
  events: EventsService;
  venues: VenuesService;
  organizers: OrganizersService;
  terms: TermsService;
};

/**
 * A kind's write command, as a patch from elsewhere uses it (a sync mutation, a peer's change:
 * server/peers/), answering with the record as stored; only events have a scope (their series).
 * `remove` deletes for good: the trash is a status, a patch sets it.
 */
type Writer = {
  create(patch: Patch, context: DomainContext, uuid: string): object;
  update(id: number, patch: Patch, context: DomainContext, scope?: Scope): object;
  /** `alone`: an occurrence's record only, its series' dates left as they are (a peer's copy). */
  remove(id: number, context: DomainContext, options?: { scope?: Scope; alone?: boolean }): unknown;
};

export type RecordWriters = Readonly<Record<Kind, Writer>>;

/**
 * `booking`: how the event writes meet a strict venue; a peer's pulls say the other side holds
 * them already (never refused, only reported).
 */
export function createRecordWriters(
  services: RecordServices,
  booking: BookingWrite = {},
): RecordWriters {
  const { events, venues, organizers, terms } = services;
  const posts = (service: VenuesService | OrganizersService): Writer => ({
    create: (patch, context, uuid) => service.create(patch, context, { uuid }),
    update: (id, patch, context) => service.update(id, patch, context),
    remove: (id, context) => service.remove(id, true, context),
  });
  const eventWriter: Writer = {
    create: (patch, context, uuid) => events.create(patch, context, { uuid, booking }),
    update: (id, patch, context, scope) => events.update(id, patch, context, { scope, booking }),
    remove: (id, context, options) => events.remove(id, true, context, options),
  };
  const taxonomy = (config: TaxonomyConfig): Writer => ({
    create: (patch, context, uuid) => terms.create(config, patch, context, { uuid }),
    update: (id, patch, context) => terms.update(config, id, patch, context),
    remove: (id, context) => terms.remove(config, id, context),
  });
  return {
    event: eventWriter,
    venue: posts(venues),
    organizer: posts(organizers),
    category: taxonomy(CATEGORIES),
    tag: taxonomy(TAGS),
  };
}

export function createMutationRunner(services: RecordServices, sync: SyncRepo) {
  const writers = createRecordWriters(services);
  const bookingAnyway = createRecordWriters(services, { anyway: true });

  /** The id of the record the mutation changes (400 when no record of its kind has the uuid). */
  function idOf(mutation: Mutation): number {
    const found = sync.locate(mutation.uuid);
    if (!found || found.kind !== mutation.kind)
      throw invalidParams({ uuid: `uuid: no ${mutation.kind} has the uuid ${mutation.uuid}` });
    return found.id;
  }

  return {
    run(mutation: Mutation, context: DomainContext): void {
      const anyway = mutation.kind === 'event' && mutation.bookAnyway === true;
      const writer = (anyway ? bookingAnyway : writers)[mutation.kind];
      if (mutation.op === 'create')
        return void writer.create(mutation.fields, context, mutation.uuid);
      const id = idOf(mutation);
      const scope = mutation.kind === 'event' ? mutation.scope : undefined;
      if (mutation.op === 'delete') return void writer.remove(id, context, { scope });
      writer.update(id, mutation.fields, context, scope);
    },
  };
}
