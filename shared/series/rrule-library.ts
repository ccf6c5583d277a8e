/**
 * The `rrule` library's RRule class, as both builds load it: rrule ships CommonJS to Node (no
 * named exports detected) and ES modules to Vite.
 */
import * as rruleModule from 'rrule';

export const { RRule } = (
  'RRule' in rruleModule ? rruleModule : (rruleModule as { default: unknown }).default
) as typeof rruleModule;
