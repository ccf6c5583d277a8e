/**
 * Writes to `wp/v2/tribe_venue` and `wp/v2/tribe_organizer`: core's post body and TEC's
 * registered meta read as a TEC venue or organizer body, then the same write command, roles
 * and HTML cleaning as `tribe/events/v1`. A create makes a new record, as core's does (TEC's
 * own route reuses a same-named one).
 */
import { z } from 'zod';
import { wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import { validateParams } from '../../domain/validate.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { EDITABLE, endpoint, type Endpoint } from '../../http/routes.ts';
import type { LinkedPost } from '../../store/linked-posts.repo.ts';
import type {
  LinkedPostBody,
  TecLinkedPostBodies,
} from '../tec/linked-posts/tec-linked-post-body.ts';
import { corePostFields, deleteParams, rawOf, withoutLinks } from './wp-write-body.ts';

type Options<D, B extends LinkedPostBody> = {
  bodies: TecLinkedPostBodies<D, B>;
  /** TEC's key of the record's name (`venue`, `organizer`). */
  nameKey: string;
  /** TEC's meta keys and the body fields they are. */
  meta: Readonly<Record<string, string>>;
  createSchema: z.ZodObject;
  updateSchema: z.ZodObject;
  render: (record: LinkedPost<D>, context: RequestContext) => unknown;
};

export function wpLinkedPostWrites<D, B extends LinkedPostBody>(
  options: Options<D, B>,
): { create: Endpoint; single: Endpoint[] } {
  const { bodies, render } = options;
  const { service } = bodies;
  const tecBodyOf = (body: z.output<z.ZodObject<typeof corePostFields>>) => {
    const tec: Record<string, unknown> = {};
    const put = (key: string, value: unknown) => {
      if (value !== undefined) tec[key] = value;
    };
    put(options.nameKey, rawOf(body.title));
    put('description', rawOf(body.content));
    put('excerpt', rawOf(body.excerpt));
    put('slug', body.slug);
    put('status', body.status);
    put('author', body.author);
    for (const [key, value] of Object.entries(body.meta ?? {}))
      if (options.meta[key]) put(options.meta[key], value);
    return tec;
  };
  const create = endpoint(
    ['POST'],
    z.object(corePostFields),
    (body, context) => {
      const tec = validateParams(options.createSchema, tecBodyOf(body)) as B;
      return { status: 201, body: render(bodies.createNew(tec, context), context) };
    },
    (_req, context) => service.mayCreate(context),
  );
  const mayChange = (req: { params: Record<string, unknown> }, context: RequestContext) =>
    service.mayChange(Number(req.params.id), context);
  const update = endpoint(
    EDITABLE,
    z.object({ id: wpPositiveInteger, ...corePostFields }),
    (body, context) => {
      const tec = validateParams(options.updateSchema, tecBodyOf(body)) as B;
      return { body: render(bodies.update(body.id, tec, context), context) };
    },
    mayChange,
  );
  const remove = endpoint(
    ['DELETE'],
    deleteParams,
    (params, context) => {
      const record = render(service.remove(params.id, params.force, context), context);
      return { body: params.force ? { deleted: true, previous: withoutLinks(record) } : record };
    },
    mayChange,
  );
  return { create, single: [update, remove] };
}
