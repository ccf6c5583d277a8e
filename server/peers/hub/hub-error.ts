/**
 * Why the hub could not be reached or would not sync, said so that the editor, the command line
 * and the log can each tell the user what to do. A problem of the connection (the hub is down, a
 * 5xx, a timeout) is retried with backoff; a refused token or a different protocol stops the
 * automatic syncs until the user acts (`needsUser`), and unsent changes stay where they are.
 */
export const HUB_PROBLEMS = {
  unreachable: 'marquee_hub_unreachable',
  tls: 'marquee_hub_tls',
  server: 'marquee_hub_error',
  login: 'marquee_hub_login_failed',
  version: 'marquee_hub_wrong_version',
  insecure: 'marquee_hub_insecure',
} as const;

type HubProblem = keyof typeof HUB_PROBLEMS;

const NEEDS_USER: ReadonlySet<HubProblem> = new Set(['login', 'version', 'insecure']);

export class HubError extends Error {
  readonly problem: HubProblem;

  constructor(problem: HubProblem, message: string) {
    super(message);
    this.name = 'HubError';
    this.problem = problem;
  }

  get code(): (typeof HUB_PROBLEMS)[HubProblem] {
    return HUB_PROBLEMS[this.problem];
  }
}

/** Whether a stored problem's code stops the automatic syncs until the user acts. */
export const needsUser = (code: string): boolean =>
  [...NEEDS_USER].some((problem) => HUB_PROBLEMS[problem] === code);

/** The hub refused a request about its website with its own error (marquee_site_…). */
export class HubSiteError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'HubSiteError';
    this.code = code;
  }
}
