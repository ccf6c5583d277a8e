/**
 * Why a peer could not be reached or would not do what was asked, said so that the editor, the
 * command line and the sync log can each tell the user what to do. `problem` decides what the
 * engine does next: a problem of the connection (the site is down, a 5xx, a timeout) stops the
 * pass and is retried with backoff; a login problem stops syncing until the user acts; a refusal
 * of one record's write is logged and the pass goes on.
 */
export const SITE_PROBLEMS = {
  /** Connection refused, no such host, a timeout: the website or the network is down. */
  unreachable: 'marquee_site_unreachable',
  /** The TLS handshake failed (a certificate the system does not trust, or not https at all). */
  tls: 'marquee_site_tls',
  /** The site answered 5xx, or something that is not its API. */
  server: 'marquee_site_error',
  /** The login or the application password is wrong. */
  login: 'marquee_site_login_failed',
  /** A right password answered 401: the host drops the Authorization header on its way to PHP. */
  authStripped: 'marquee_site_auth_stripped',
  /** A WordPress site without The Events Calendar, or no WordPress at all. */
  notTec: 'marquee_site_not_tec',
  /** The site refused this one write (a 4xx): the user's role, a value the site will not take. */
  refused: 'marquee_site_refused',
  /** Plain http to another machine, which the user did not allow: nothing is sent. */
  insecure: 'marquee_site_insecure',
} as const;

type SiteProblem = keyof typeof SITE_PROBLEMS;

/** Problems that stop a whole pass: nothing more can be sent or read until they pass. */
const STOPPING: ReadonlySet<SiteProblem> = new Set([
  'unreachable',
  'tls',
  'server',
  'login',
  'authStripped',
  'notTec',
  'insecure',
]);

export class RemoteError extends Error {
  readonly problem: SiteProblem;
  /** The HTTP status the site answered, when it answered. */
  readonly status: number | undefined;
  /** The site's own error code (rest_invalid_param, incorrect_password…), when it gave one. */
  readonly siteCode: string | undefined;

  constructor(
    problem: SiteProblem,
    message: string,
    details: { status?: number; siteCode?: string } = {},
  ) {
    super(message);
    this.name = 'RemoteError';
    this.problem = problem;
    this.status = details.status;
    this.siteCode = details.siteCode;
  }

  /** The API's error code for this problem (shared/errors/codes.ts). */
  get code(): (typeof SITE_PROBLEMS)[SiteProblem] {
    return SITE_PROBLEMS[this.problem];
  }

  /** Whether the whole pass must stop (else only this record's write failed). */
  get stopsPass(): boolean {
    return STOPPING.has(this.problem);
  }
}
