/**
 * Runs one sync mutation through the REST services: the bodies from patches.ts, validated with
 * the REST body schemas, the shared fields and first language in one call, then one call per
 * further language — all inside the push's write, so it lands whole or not at all.
 */
import type { Language } from '#shared/languages.ts';
import { organizerCreateBodySchema, organizerUpdateBodySchema } from '#shared/schemas/organizer.ts';
import type { Mutation } from '#shared/schemas/sync.ts';
import { termCreateBodySchema, termUpdateBodySchema } from '#shared/schemas/term.ts';
import { venueCreateBodySchema, venueUpdateBodySchema } from '#shared/schemas/venue.ts';
import type { z } from 'zod';
import { invalidParams } from '../domain/errors.ts';
import type { DomainContext } from '../domain/context.ts';
import { validateParams } from '../domain/validate.ts';
import type { EventsService } from '../resources/events/events.service.ts';
import type { OrganizersService } from '../resources/organizers/organizers.routes.ts';
import { CATEGORIES, TAGS } from '../resources/terms/taxonomies.ts';
import type { TermsService } from '../resources/terms/terms.service.ts';
import type { VenuesService } from '../resources/venues/venues.routes.ts';
import { organizerBodies, termBodies, venueBodies, type Bodies, type IdOf } from './patches.ts';
import type { SyncRepo } from './sync.repo.ts';

export type RecordServices = {
  events: EventsService;
  venues: VenuesService;
  organizers: OrganizersService;
  terms: TermsService;
};

type Write = {
  create(body: never, context: DomainContext): number;
  update(id: number, body: never, context: DomainContext): void;
};

export function createMutationRunner(services: RecordServices, sync: SyncRepo) {
  const idOf: IdOf = (uuid, kind, field) => {
    const found = sync.locate(uuid);
    if (!found || found.kind !== kind)
      throw invalidParams({ [field]: `${field}: no ${kind} has the uuid ${uuid}` });
    return found.id;
  };

  function inLanguage(context: DomainContext, language: Language): DomainContext {
    return { ...context, language };
  }

  function run(
    bodies: Bodies,
    existing: number | undefined,
    write: Write,
    context: DomainContext,
  ): void {
    const [first, ...rest] = bodies.languages;
    const language = first?.[0] ?? context.settings.defaultLanguage;
    const body = { ...bodies.shared, ...first?.[1] };
    const id = existing ?? write.create(body as never, inLanguage(context, language));
    if (existing !== undefined) write.update(id, body as never, inLanguage(context, language));
    for (const [other, texts] of rest) write.update(id, texts as never, inLanguage(context, other));
  }

  /** REST create and update of a kind, each validating its body with the REST schema first. */
  function writer<C extends z.ZodObject, U extends z.ZodObject>(
    createSchema: C,
    updateSchema: U,
    create: (body: z.output<C>, context: DomainContext) => { id: number },
    update: (id: number, body: z.output<U>, context: DomainContext) => unknown,
  ): Write {
    return {
      create: (body, context) => create(validateParams(createSchema, body), context).id,
      update: (id, body, context) => void update(id, validateParams(updateSchema, body), context),
    };
  }

  return {
    run(mutation: Mutation, context: DomainContext): void {
      const { events, venues, organizers, terms } = services;
      const existing =
        mutation.op === 'create' ? undefined : idOf(mutation.uuid, mutation.kind, 'uuid');
      const { uuid } = mutation;
      switch (mutation.kind) {
        case 'event':
          if (existing === undefined) return void events.create(mutation.fields, context, { uuid });
          if (mutation.op === 'delete') return void events.remove(existing, true, context);
          return void events.update(existing, mutation.fields, context);
        case 'venue':
          if (existing !== undefined && mutation.op === 'delete')
            return void venues.remove(existing, true, context);
          return run(
            venueBodies(mutation.fields),
            existing,
            writer(
              venueCreateBodySchema,
              venueUpdateBodySchema,
              (body, c) => venues.create(body, c, uuid),
              (id, body, c) => venues.update(id, body, c),
            ),
            context,
          );
        case 'organizer':
          if (existing !== undefined && mutation.op === 'delete')
            return void organizers.remove(existing, true, context);
          return run(
            organizerBodies(mutation.fields),
            existing,
            writer(
              organizerCreateBodySchema,
              organizerUpdateBodySchema,
              (body, c) => organizers.create(body, c, uuid),
              (id, body, c) => organizers.update(id, body, c),
            ),
            context,
          );
        case 'category':
        case 'tag': {
          const config = mutation.kind === 'category' ? CATEGORIES : TAGS;
          if (existing !== undefined && mutation.op === 'delete')
            return void terms.remove(config, existing, context);
          return run(
            termBodies(mutation.fields, mutation.kind, idOf),
            existing,
            writer(
              termCreateBodySchema,
              termUpdateBodySchema,
              (body, c) => terms.create(config, body, c, uuid),
              (id, body, c) => terms.update(config, id, body, c),
            ),
            context,
          );
        }
      }
    },
  };
}
