/**
 * Records what two other readers make of every file of the ICS corpus (test/fixtures/ics-corpus/)
 * into test/fixtures/ics-corpus-expected.json, which the corpus test compares Marquee with:
 * Debian's python3-icalendar + recurring-ical-events (one Python process for all files,
 * python-counts.py) and ical.js (here). Both count the occurrences in one fixed window, each
 * UID's capped at Marquee's 1,000, so the numbers do not depend on the day they are recorded.
 *
 *   node scripts/ics-corpus/record.ts      # about 30 s; needs /usr/bin/python3 with both modules
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ICAL from 'ical.js';

const root = resolve(import.meta.dirname, '../..');
const CORPUS = join(root, 'test/fixtures/ics-corpus');
const OUT = join(root, 'test/fixtures/ics-corpus-expected.json');
/** The window: from 2000 to two years after the test server's clock, 2026-11-20 (Marquee's horizon). */
const WINDOW = { from: '2000-01-01', to: '2028-11-20', cap: 1000 };
/** Seconds Python may spend on one file before it is recorded as "timeout". */
const PYTHON_SECONDS = 10;
/** Occurrences ical.js may walk for one series (from its start) before it gives up. */
const ICALJS_WALK = 2_000_000;

type Answer = { occurrences: number } | { error: string };

function pythonAnswers(): Record<string, Answer> {
  const script = join(import.meta.dirname, 'python-counts.py');
  const args = [script, CORPUS, WINDOW.from, WINDOW.to, String(WINDOW.cap), String(PYTHON_SECONDS)];
  const output = execFileSync('/usr/bin/python3', args, {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return JSON.parse(output) as Record<string, Answer>;
}

const dayOf = (time: ICAL.Time) => time.toString().slice(0, 10);
const inWindow = (time: ICAL.Time) => dayOf(time) >= WINDOW.from && dayOf(time) < WINDOW.to;

/** ical.js's count of one file: each UID's occurrences in the window, capped. */
function icaljsAnswer(text: string): Answer {
  try {
    const parsed = ICAL.parse(text) as unknown[];
    const roots = Array.isArray(parsed[0]) ? (parsed as unknown[][]) : [parsed];
    // A file of bare VEVENTs (no VCALENDAR): read as one calendar holding them.
    if (roots.some((root) => root[0] !== 'vcalendar'))
      roots.splice(0, roots.length, ['vcalendar', [], roots]);
    const perUid = new Map<string, number>();
    const add = (uid: string, count: number) => perUid.set(uid, (perUid.get(uid) ?? 0) + count);
    for (const [calendarIndex, jcal] of roots.entries()) {
      const calendar = new ICAL.Component(jcal);
      for (const zone of calendar.getAllSubcomponents('vtimezone'))
        ICAL.TimezoneService.register(new ICAL.Timezone(zone));
      const vevents = calendar.getAllSubcomponents('vevent');
      const masters = new Map<string, ICAL.Event>();
      for (const [index, vevent] of vevents.entries()) {
        const event = new ICAL.Event(vevent);
        const uid = event.uid || `${calendarIndex} no uid ${index}`;
        if (!event.isRecurrenceException()) {
          if (event.isRecurring()) masters.set(uid, event);
          else if (inWindow(event.startDate)) add(uid, 1);
        }
      }
      for (const vevent of vevents) {
        const event = new ICAL.Event(vevent);
        if (!event.isRecurrenceException()) continue;
        const master = masters.get(event.uid);
        if (master) master.relateException(event);
        else if (inWindow(event.startDate)) add(event.uid, 1);
      }
      for (const [uid, master] of masters) {
        const iterator = master.iterator();
        let walked = 0;
        let count = 0;
        for (let next = iterator.next(); next; next = iterator.next()) {
          walked += 1;
          if (walked > ICALJS_WALK) throw new Error(`more than ${ICALJS_WALK} occurrences`);
          const start = master.getOccurrenceDetails(next).startDate;
          if (dayOf(next) >= WINDOW.to) break;
          if (inWindow(start)) count += 1;
        }
        add(uid, Math.min(count, WINDOW.cap));
      }
    }
    return {
      occurrences: [...perUid.values()].reduce((sum, n) => sum + Math.min(n, WINDOW.cap), 0),
    };
  } catch (error) {
    return { error: String(error instanceof Error ? error.message : error).slice(0, 200) };
  }
}

const python = pythonAnswers();
const files = readdirSync(CORPUS)
  .filter((name) => name.endsWith('.ics'))
  .sort();
const answers = Object.fromEntries(
  files.map((name) => [
    name,
    {
      python: python[name] ?? { error: 'not read' },
      icaljs: icaljsAnswer(readFileSync(join(CORPUS, name), 'utf8')),
    },
  ]),
);
writeFileSync(OUT, `${JSON.stringify({ window: WINDOW, files: answers }, null, 1)}\n`);
console.log(`${files.length} files recorded in ${OUT}`);
