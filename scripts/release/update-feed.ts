/**
 * Writes the update feed beside built installers: latest.yml (Windows), latest-mac.yml and
 * latest-linux.yml, in the shape electron-updater reads (builder-util-runtime's UpdateInfo):
 * version, files [url, sha512 (base64), size], path and sha512 of the first file (older
 * updaters read those), releaseDate, and the release notes Settings shows as "what's new".
 *
 *   node scripts/release/update-feed.ts DIR [--version X] [--notes FILE] [--date ISO]
 *
 * The version defaults to package.json's. The same folder, copied to a hub's updates folder,
 * is what the hub serves at /updates/ (docs/release.md).
 */
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Which installers each channel file lists, first the one its updater installs. */
export const FEED_CHANNELS = [
  // NsisUpdater installs the .exe.
  { file: 'latest.yml', extensions: ['.exe'] },
  // MacUpdater installs from the .zip (Squirrel.Mac); the .dmg is for a first install.
  { file: 'latest-mac.yml', extensions: ['.zip', '.dmg'] },
  // AppImageUpdater replaces the AppImage; DebUpdater looks for the .deb in the same list.
  { file: 'latest-linux.yml', extensions: ['.AppImage', '.deb'] },
] as const;

export type FeedFile = { url: string; sha512: string; size: number };
export type Feed = {
  version: string;
  files: FeedFile[];
  path: string;
  sha512: string;
  releaseDate: string;
  releaseNotes?: string;
};

/** A file's SHA-512 in base64, as electron-updater checks a download against it. */
export function sha512Of(file: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash('sha512');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', fail)
      .on('end', () => done(hash.digest('base64')));
  });
}

/** A YAML scalar that reads back as exactly this string: JSON's double-quoted form is YAML's. */
function quoted(text: string): string {
  return JSON.stringify(text);
}

export function feedYaml(feed: Feed): string {
  const lines = [`version: ${quoted(feed.version)}`, 'files:'];
  for (const file of feed.files) {
    lines.push(`  - url: ${quoted(file.url)}`);
    lines.push(`    sha512: ${quoted(file.sha512)}`);
    lines.push(`    size: ${file.size}`);
  }
  lines.push(`path: ${quoted(feed.path)}`);
  lines.push(`sha512: ${quoted(feed.sha512)}`);
  lines.push(`releaseDate: ${quoted(feed.releaseDate)}`);
  if (feed.releaseNotes !== undefined) lines.push(`releaseNotes: ${quoted(feed.releaseNotes)}`);
  return `${lines.join('\n')}\n`;
}

type FeedOptions = { version: string; releaseDate: string; releaseNotes?: string | undefined };

/**
 * Writes one channel file for each system whose installers DIR holds, and returns their names.
 * A folder with no installer at all is a mistake (a build that failed), not an empty feed.
 */
export async function writeUpdateFeed(dir: string, options: FeedOptions): Promise<string[]> {
  const names = readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile());
  const written: string[] = [];
  for (const channel of FEED_CHANNELS) {
    const installers = channel.extensions.flatMap((extension) =>
      names.filter((name) => name.endsWith(extension)).sort(),
    );
    const [first] = installers;
    if (first === undefined) continue;
    const files: FeedFile[] = [];
    for (const name of installers) {
      const file = join(dir, name);
      files.push({ url: name, sha512: await sha512Of(file), size: statSync(file).size });
    }
    const feed: Feed = {
      version: options.version,
      files,
      path: first,
      sha512: files[0]!.sha512,
      releaseDate: options.releaseDate,
      ...(options.releaseNotes === undefined ? {} : { releaseNotes: options.releaseNotes }),
    };
    writeFileSync(join(dir, channel.file), feedYaml(feed));
    written.push(channel.file);
  }
  if (written.length === 0)
    throw new Error(`no installer (.exe, .zip, .dmg, .AppImage, .deb) in ${dir}`);
  return written;
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const { values, positionals } = parseArgs({
    options: {
      version: { type: 'string' },
      notes: { type: 'string' },
      date: { type: 'string' },
    },
    allowPositionals: true,
  });
  const [dir] = positionals;
  if (!dir) {
    console.error('usage: node scripts/release/update-feed.ts DIR [--version X] [--notes FILE]');
    process.exit(2);
  }
  const root = resolve(import.meta.dirname, '../..');
  const version =
    values.version ??
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const written = await writeUpdateFeed(dir, {
    version,
    releaseDate: values.date ?? new Date().toISOString(),
    releaseNotes: values.notes === undefined ? undefined : readFileSync(values.notes, 'utf8'),
  });
  console.log(`Update feed ${version}: ${written.join(', ')} in ${dir}`);
}
