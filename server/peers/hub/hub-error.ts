/**
 * Why the hub could not be reached or would not sync, said so that the editor, the command line
 * and the log can each tell the user what to do. A problem of the connection (the hub is down, a
 * 5xx, a timeout) is retried with backoff; a refused token, a different protocol or another
 * calendar at the hub's address stops the automatic syncs until the user acts (`needsUser`),
 * and unsent changes stay where they are.
 */
export const HUB_PROBLEMS = {
  unreachable: 'marquee_hub_unreachable',
  tls: 'marquee_hub_tls',
  server: 'marquee_hub_error',
  login: 'marquee_hub_login_failed',
  version: 'marquee_hub_wrong_version',
  insecure: 'marquee_hub_insecure',
  calendar: 'marquee_hub_other_calendar',
} as const;

type HubProblem = keyof typeof HUB_PROBLEMS;

const NEEDS_USER: ReadonlySet<HubProblem> = new Set(['login', 'version', 'insecure', 'calendar']);

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

/**
 * The hub's address now serves another calendar (another data folder on its port, or a hub set
 * up again): nothing of either goes to the other until the user connects to it anew.
 */
export const otherCalendar = (host: string): HubError =>
  new HubError(
    'calendar',
    `The hub ${host} now holds another calendar than the one this calendar syncs with (another data folder, or a hub set up again): nothing was exchanged, and this calendar’s unsent changes are kept. If the hub was replaced on purpose, connect to it again (Settings → Hub, or marquee hub connect) to join it.`,
  );

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
