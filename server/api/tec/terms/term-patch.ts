/**
 * A term body (TEC's and WordPress core's take the same fields: name, description, slug,
 * parent) as a patch in the request's language, its parent checked first: both doors' writes.
 */
import type { TermPatch } from '#shared/kinds/registry.ts';
import type { TermUpdateBody } from '#shared/schemas/term.ts';
import type { TaxonomyConfig } from '../../../domain/terms/taxonomies.ts';
import type { TermsService } from '../../../domain/terms/terms.service.ts';
import type { DomainContext } from '../../../domain/context.ts';

export function termPatchOf(
  service: TermsService,
  config: TaxonomyConfig,
  body: TermUpdateBody,
  context: DomainContext,
  selfId?: number,
): TermPatch {
  const { language } = context;
  const patch: TermPatch = {};
  if (body.parent !== undefined)
    patch.parentUuid = service.parentUuidOf(config, body.parent, selfId);
  for (const field of ['name', 'description', 'slug'] as const)
    if (body[field] !== undefined) patch[field] = { [language]: body[field] };
  return patch;
}
