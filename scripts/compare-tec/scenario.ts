/**
 * A scenario: requests played in order on both sides, as one user each. Ids are never written
 * into a request: a step names the records an earlier answer made (`{e1}`), and each side puts
 * in its own id for that name.
 */
import type { User } from './targets.ts';

export type Step = {
  /** Says what the step shows; deliberate differences name steps by it. */
  label?: string;
  /** GET unless a body is given (then POST). */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * From the API root, `tribe/events/v1/` when it starts with no namespace: `events/{e1}`.
   * `{name}` is replaced by that record's id on each side.
   */
  path: string;
  as?: User;
  json?: unknown;
  form?: [string, string][];
  /** Marquee's language roots: `/de`. */
  root?: string;
  headers?: Partial<Record<string, string>>;
  /**
   * Names for records in the answer, by where they are in it on both sides: `{ e1: 'id',
   * opera: 'categories.0.id' }`. A 201's `id` is always learned, under a generated name.
   */
  save?: Partial<Record<string, string>>;
  /** This step's answer is not compared (a setup write whose answer another step shows). */
  quiet?: boolean;
  /**
   * What the site is sent instead, where TEC's API cannot do what Marquee's does (a password is
   * set through WordPress's own `wp/v2` route): a setup step, usually quiet.
   */
  site?: Pick<Step, 'method' | 'path' | 'json' | 'form'>;
};

export type Scenario = {
  name: string;
  /**
   * Played before all others, one at a time, on the fresh site and one Marquee shared by
   * these scenarios: for lists of the whole site (every venue, every category, the default
   * window), which other scenarios' records would change. Others run side by side, each on a
   * Marquee of its own, and only read what they made (their own names, dates and searches).
   */
  alone?: boolean;
  steps: Step[];
};
