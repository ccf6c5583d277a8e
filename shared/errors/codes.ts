/**
 * Every machine error code the API can send, with its usual HTTP status. The server sends codes
 * in the WordPress envelope; the renderer translates `errors.<code>` (shared/i18n).
 * Spellings are TEC's and WordPress core's, so existing clients match on them.
 */
export const ERROR_STATUS = {
  // WordPress core
  rest_no_route: 404,
  rest_invalid_param: 400,
  rest_missing_callback_param: 400,
  rest_forbidden: 403,
  rest_invalid_json: 400,
  rest_not_logged_in: 401,
  term_exists: 400,
  duplicate_term_slug: 400,
  rest_term_invalid: 400,
  rest_taxonomy_not_hierarchical: 400,
  // wp/v2's post collections: no post of the type by that id; a page past the last; context=edit
  // asked by a caller who may not edit.
  rest_post_invalid_id: 404,
  rest_post_invalid_page_number: 400,
  rest_forbidden_context: 403,
  // orderby=relevance without a search to be relevant to.
  rest_no_search_term_defined: 400,
  // A term deleted without force=true: terms have no trash.
  rest_trash_not_supported: 501,
  // An application password (Basic credentials) that names no user, or is not the user's.
  invalid_username: 401,
  incorrect_password: 401,
  // The Events Calendar
  'rest-event-not-found': 404,
  'rest-invalid-event-id': 400,
  'event-no-longer-available': 403,
  'event-not-accessible': 403,
  'event-password-protected': 403,
  'event-is-in-trash': 410,
  'event-archive-page-not-found': 404,
  'venue-archive-page-not-found': 404,
  'organizer-archive-page-not-found': 404,
  'venue-not-accessible': 403,
  'organizer-not-accessible': 403,
  'venue-is-in-trash': 410,
  'organizer-is-in-trash': 410,
  'could-not-create-venue': 400,
  'could-not-update-venue': 400,
  'could-not-create-organizer': 400,
  'could-not-update-organizer': 400,
  // Marquee
  marquee_invalid_host: 403,
  marquee_invalid_token: 401,
  marquee_csrf: 403,
  // The owner's session: asked for without the owner key (or a cookie), or through a proxy.
  marquee_owner_key: 401,
  marquee_session_proxied: 403,
  marquee_sync_reset: 409,
  // A replica of another calendar than the one served at its address now.
  marquee_sync_other_calendar: 409,
  marquee_token_not_found: 404,
  marquee_import_invalid: 400,
  marquee_restore_not_empty: 409,
  // A write that would double-book a venue whose rule is strict.
  marquee_venue_busy: 409,
  // Snapshots (marquee/v1/snapshots): none by that name; made by a newer Marquee; damaged.
  marquee_snapshot_not_found: 404,
  marquee_snapshot_too_new: 400,
  marquee_snapshot_invalid: 400,
  marquee_payload_too_large: 413,
  marquee_unsupported_media_type: 415,
  // A request that is not well-formed: a broken percent-escape, a body that is not what its
  // Content-Encoding says, a malformed Host, a bad request line (Node's parser).
  marquee_bad_request: 400,
  marquee_headers_too_large: 431,
  marquee_request_timeout: 408,
  marquee_internal_error: 500,
  // Storage the client can only wait for: a full disk, a data directory that cannot be written.
  marquee_disk_full: 507,
  marquee_read_only: 503,
  // As many imports as the server reads at once are under way (Retry-After says when to retry).
  marquee_import_busy: 503,
  // The server was told to stop while a file's import wrote: nothing of the file was kept.
  marquee_stopping: 503,
  // Too many failed sign-ins from one client: it waits (Retry-After) before the next attempt.
  marquee_too_many_attempts: 429,
  // The venue's website (marquee/v1/site): not connected; not reachable, a certificate, a 5xx;
  // a wrong login, a host that strips the Authorization header, no TEC; one record refused; a
  // password only the desktop app can read; no such conflict.
  marquee_site_not_connected: 409,
  // Plain http to a website off this machine, without the user's `insecure`.
  marquee_site_insecure: 400,
  marquee_site_unreachable: 502,
  marquee_site_tls: 502,
  marquee_site_error: 502,
  marquee_site_login_failed: 400,
  marquee_site_auth_stripped: 400,
  marquee_site_not_tec: 400,
  marquee_site_refused: 400,
  marquee_site_password_locked: 409,
  marquee_site_conflict_not_found: 404,
  // The calendar is on a hub: the website is the hub's (connected there, relayed here).
  marquee_site_on_hub: 409,
  marquee_hub_not_connected: 409,
  marquee_hub_unreachable: 502,
  marquee_hub_tls: 502,
  marquee_hub_error: 502,
  marquee_hub_login_failed: 400,
  marquee_hub_wrong_version: 409,
  marquee_hub_other_calendar: 409,
  marquee_hub_insecure: 400,
  marquee_hub_token_locked: 409,
  marquee_hub_conflict_not_found: 404,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
