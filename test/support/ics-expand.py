"""Expands an ICS file (stdin) as Debian's python3-icalendar and recurring-ical-events read it:
each occurrence between argv[1] and argv[2] as "YYYY-MM-DD HH:MM summary", local to argv[3]."""
import json
import sys
from datetime import date
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events

calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
zone = ZoneInfo(sys.argv[3])
shown = []
for event in recurring_ical_events.of(calendar).between(
    date.fromisoformat(sys.argv[1]), date.fromisoformat(sys.argv[2])
):
    start = event["DTSTART"].dt.astimezone(zone)
    shown.append(f"{start:%Y-%m-%d %H:%M} {event['SUMMARY']}")
print(json.dumps(sorted(shown)))
