/**
 * What the domain needs to know of whoever asks, whatever the door (an HTTP request, the command
 * line, a sync push, an import): who acts, in which content language, when, under which
 * settings. No URL, namespace or request: those belong to the HTTP layer's RequestContext,
 * which extends this.
 */
import type { Language } from '#shared/languages.ts';
import type { Settings } from '#shared/schemas/settings.ts';
import type { Principal } from '../auth/principal.ts';

export type DomainContext = {
  /** The caller acting; undefined for an anonymous visitor. */
  actor: Principal | undefined;
  language: Language;
  now: Date;
  settings: Settings;
};
