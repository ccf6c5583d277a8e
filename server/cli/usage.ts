/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The command was understood but could not be carried out: one line, exit code 1. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

export const USAGE = `Usage: marquee <command> [options]

Commands:
  serve                    Run the calendar server headless; the editor is served at /
  token create             Create an access token for a website build or script (shown once)
  token list               List access tokens
  token revoke <id>        Revoke an access token
  compact [--days N]       Forget deletions older than N days (default 90); clients that synced
                           before them reload everything
  import FILE              Import events (ICS or CSV; venues or organizers from CSV) or a JSON
                           backup, all or nothing (with no server running); --format ics|csv|json
                           (else from the file name), --dry-run (say what it would do),
                           --language L (the language of the file's texts), --skip-broken
                           (import without the VEVENTs or CSV rows it cannot read, named),
                           --column "HEADER=key" (repeated; a CSV header's column, as TEC's
                           importer keys: --column "EVENT PHONE=" leaves it out)
  export                   Write events as --format ics|csv|json (default ics) to -o FILE (or
                           standard output); --kind venues|organizers (CSV; spreadsheet-safe
                           unless --no-spreadsheet-safe: a leading ' before =, +, -, @),
                           --language L, and any GET /events filter: --categories jazz
                           --start_date 2027-01-01 --status publish,draft …
  backup [-o FILE]         Write the whole calendar to a JSON backup (default
                           marquee-backup-DATE.json; - for standard output); works beside a server
  restore FILE [--dry-run] Restore a backup into an empty calendar (with no server running);
                           --dry-run checks it and says what it would restore
  snapshots list           List the snapshots in the data directory's backups/ folder (the
                           server makes one daily and before a restore or a large import)
  snapshots create         Make a snapshot now; works beside a server
  snapshots restore NAME   Put the calendar back as it was in that snapshot, after a snapshot
                           of it as it is (with no server running: use the editor's Settings or
                           POST /wp-json/marquee/v1/snapshots/NAME/restore instead)
  site connect URL --user LOGIN
                           Connect the calendar to the venue's WordPress + The Events Calendar
                           site: tests the login and prints the first sync's preview; --yes
                           connects and runs it. The application password comes from
                           MARQUEE_SITE_PASSWORD or standard input; --language L (the one
                           language the site holds; default the calendar's); --insecure allows
                           plain http to another machine
  site sync [--dry-run]    Sync with the website now; prints "sent N, received N, merged N,
                           conflicts N, deleted N" (--dry-run: what it would do)
  site status              The website's state, the last problem and the recent sync log
                           (on a laptop that is on a hub: the hub's website, as it sees it)
  site conflicts           What waits for a decision, field by field (on a hub: the hub's)
  site resolve ID --keep marquee|site
                           Decide one: keep this calendar's (the hub's) values, or take the
                           website's
  site disconnect          Stop syncing and forget the password
                           (site commands work with or without a server on the data directory)
  hub connect URL          Make another Marquee server (always on, behind https) this
                           calendar's hub, to share it with other laptops: checks the hub and
                           prints what a first sync does; --yes connects and runs it (a
                           calendar with no events connects at once). The token (marquee token
                           create --role editor, on the hub) comes from MARQUEE_HUB_TOKEN or
                           standard input; --insecure allows plain http to another machine
  hub sync                 Sync with the hub now; prints "sent N, received N, merged N,
                           conflicts N, deleted N"
  hub status               The hub's state, the last problem and the recent sync log
  hub disconnect           Stop syncing and forget the token
  help                     Show this help

Options of serve:
  --port <n>               Port to listen on (or MARQUEE_PORT; default: Settings' API port, 8787
                           at first; 0 picks a free one)
  --host <address>         Address to bind (default 127.0.0.1, or MARQUEE_HOST; beyond loopback it
                           is plain http: put a reverse proxy with TLS in front)
  --data <dir>             Data directory (default: your app-data folder/Marquee, or MARQUEE_DATA_DIR)
  MARQUEE_ADMIN_TOKEN      (environment) Accept this token, 20 characters or more, as the owner's
                           for this run; --admin-token <token> too, but it shows in the process list
  --timezone <zone>        Calendar time zone for this run, e.g. Europe/Berlin
  --language <code>        Default content language for this run: bg zh-hans en fr de ja pt-br es
  --updates <dir>          Installers and update feed to serve at /updates/ to the venue's
                           laptops (default: the data directory's updates folder)
serve prints the editor's address with the owner key (?key=…): a browser opened on it is the
owner. The key is new at each start, unless MARQUEE_OWNER_KEY gives it.

Every command takes --data <dir> for the data directory, as serve does.

Options of token create:
  --name <name>            Who or what the token is for (required)
  --role <role>            admin, editor (default), author or contributor
  --data <dir>             Data directory, as for serve
`;
