"""Counts, in ONE process, what Debian's python3-icalendar and recurring-ical-events read of
every .ics file in a folder: per file the occurrences between argv[2] and argv[3] (ISO dates),
each UID's occurrences capped at argv[4] (Marquee keeps a series' newest 1,000), or why the
file cannot be read. Prints {"file.ics": {"occurrences": n} | {"error": "..."}} as JSON.

The work is bounded: each UID is read in a calendar of its own, backwards from the window's end
in spans that double, and stops once it has its cap (recurring-ical-events builds a component
per occurrence: a minutely rule from 2005 read whole takes minutes). A file that still takes
more than argv[5] seconds is recorded as "timeout" and the next one read."""
import json
import signal
import sys
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import icalendar
import recurring_ical_events


class Timeout(Exception):
    pass


def on_alarm(_signum, _frame):
    raise Timeout()


def split_by_uid(calendar):
    """One calendar per UID (its VEVENTs, every VTIMEZONE and the calendar's properties); an
    event without UID is one of its own."""
    zones = [each for each in calendar.subcomponents if each.name == "VTIMEZONE"]
    groups = {}
    for index, event in enumerate(calendar.walk("VEVENT")):
        groups.setdefault(str(event.get("UID", f"no uid {index}")), []).append(event)
    for events in groups.values():
        part = icalendar.Calendar()
        for name, value in calendar.property_items(recursive=False)[1:-1]:
            part.add(name, value)
        for each in zones + events:
            part.add_component(each)
        yield part


def count_capped(calendar, start, end, cap):
    """Occurrences in [start, end), newest first, up to cap."""
    found, stop, span = 0, end, timedelta(days=7)
    while stop > start and found < cap:
        begin = max(start, stop - span)
        found += len(recurring_ical_events.of(calendar).between(begin, stop))
        stop, span = begin, span * 2
    return min(found, cap)


def count(path, start, end, cap):
    calendar = icalendar.Calendar.from_ical(path.read_bytes())
    return sum(count_capped(part, start, end, cap) for part in split_by_uid(calendar))


def main():
    folder, start, end = Path(sys.argv[1]), date.fromisoformat(sys.argv[2]), date.fromisoformat(sys.argv[3])
    cap, seconds = int(sys.argv[4]), int(sys.argv[5])
    signal.signal(signal.SIGALRM, on_alarm)
    answers = {}
    for path in sorted(folder.glob("*.ics")):
        signal.alarm(seconds)
        try:
            answers[path.name] = {"occurrences": count(path, start, end, cap)}
        except Timeout:
            answers[path.name] = {"error": "timeout"}
        except Exception as error:  # any reading failure is the answer for that file
            answers[path.name] = {"error": f"{type(error).__name__}: {error}"[:200]}
        finally:
            signal.alarm(0)
    print(json.dumps(answers, indent=1, sort_keys=True))


main()
