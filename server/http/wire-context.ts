/**
 * What rendering records for the wire needs (TEC JSON, the feed, calendar files): the domain's
 * context plus where the API answers (its URLs, the namespace asked). The HTTP layer's request
 * context extends it; the command line makes one without a request.
 */
import type { DomainContext } from '../domain/context.ts';
import type { ApiUrls } from './api-urls.ts';

export type WireContext = DomainContext & { urls: ApiUrls; namespace: string };
