"""Reads each ICS file named in argv[3:] as Debian's python3-icalendar and recurring-ical-events
do, and prints one JSON object: file name -> the UTC instants (ISO, to the minute; an all-day
or floating occurrence as its wall time) of its occurrences that start between argv[1] and
argv[2] (dates), grouped by UID, or null when it cannot read the file."""
import json
import os
import sys
from datetime import date, datetime, timezone

import icalendar
import recurring_ical_events


def start_of(event):
    start = event["DTSTART"].dt
    if isinstance(start, datetime) and start.tzinfo is not None:
        start = start.astimezone(timezone.utc)
    return start.strftime("%Y-%m-%dT%H:%M") if isinstance(start, datetime) else f"{start}T00:00"


def occurrences(path, begin, end):
    with open(path, "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    by_uid = {}
    for event in recurring_ical_events.of(calendar).between(begin, end):
        by_uid.setdefault(str(event.get("UID", "")), []).append(start_of(event))
    return {uid: sorted(starts) for uid, starts in by_uid.items()}


begin, end = date.fromisoformat(sys.argv[1]), date.fromisoformat(sys.argv[2])
read = {}
for path in sys.argv[3:]:
    try:
        read[os.path.basename(path)] = occurrences(path, begin, end)
    except Exception:  # noqa: BLE001 (any failure is "Python cannot read it")
        read[os.path.basename(path)] = None
print(json.dumps(read))
