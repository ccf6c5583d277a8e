/**
 * Whether a request asks for Marquee's booking fields (`marquee_clashes=1`, in the query or
 * the body): an event's `marquee_clashes`, a venue's buffers and rule. Read off the request,
 * not the route's schema, so TEC's answers and the index's arguments stay TEC's.
 */
import type { Request } from 'express';
import { wpTruthy } from '#shared/schemas/wp-params.ts';
import { requestParams } from './validate.ts';

export const asksClashes = (req: Request): boolean =>
  wpTruthy.safeParse(requestParams(req).marquee_clashes).data === true;

/** Whether a write says to book the room anyway under a strict rule (`marquee_book_anyway=1`). */
export const booksAnyway = (req: Request): boolean =>
  wpTruthy.safeParse(requestParams(req).marquee_book_anyway).data === true;
