/**
 * What a launch of the desktop app asks for, read from its command line: the system starts the
 * app with the .ics file the user opened, or with a `marquee:`/`webcal:` link. The app runs once
 * (a second launch hands its command line to the first and ends), so the first instance reads
 * the second's line with this, and the window then previews the file's import, or just comes to
 * the front. Flags (Chromium's and Electron's own) and the app's path are never a request.
 */

type LaunchRequest =
  { kind: 'import-file'; path: string } | { kind: 'link'; url: string } | { kind: 'focus' };

const LINK_SCHEMES = /^(marquee|webcal):/i;
const CALENDAR_FILE = /\.ics$/i;

/** `args`: the command line after the executable (and, from a checkout, after its `.`). */
export function launchRequest(args: readonly string[]): LaunchRequest {
  // The last one wins: the system appends what the user opened after its own flags.
  for (const arg of [...args].reverse()) {
    if (arg.startsWith('-')) continue;
    if (LINK_SCHEMES.test(arg)) return { kind: 'link', url: arg };
    if (CALENDAR_FILE.test(arg)) return { kind: 'import-file', path: arg };
  }
  return { kind: 'focus' };
}

/** The file's name, shown in the import dialog, from a path of either system's form. */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
