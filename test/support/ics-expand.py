"""Expands an ICS file (stdin) as Debian's python3-icalendar and recurring-ical-events read it:
each occurrence between argv[1] and argv[2] as "YYYY-MM-DD HH:MM summary", local to argv[3]
(an all-day occurrence at 00:00 of its date)."""
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
    start = event["DTSTART"].dt
    if hasattr(start, "astimezone"):
        start = start.astimezone(zone)
    shown.append(f"{start:%Y-%m-%d %H:%M} {event.get('SUMMARY', '')}")
print(json.dumps(sorted(shown)))
