"""
A second CalDAV client for the tests: Debian's python3-caldav drives the server at argv[1]
(its /dav/ address) as user argv[2] with password argv[3], and prints what it saw as JSON.
"""
import json
import sys
from datetime import datetime, timezone

import caldav

url, user, password = sys.argv[1:4]
client = caldav.DAVClient(url=url, username=user, password=password)
calendars = client.principal().calendars()
calendar = calendars[0]
seen = {"calendars": len(calendars), "name": calendar.get_display_name()}

EVENT = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//python3-caldav test//EN
BEGIN:VEVENT
UID:python-1
DTSTAMP:20261120T100000Z
DTSTART:20261203T170000Z
DTEND:20261203T180000Z
SUMMARY:%s
END:VEVENT
END:VCALENDAR
"""

full = calendar.objects_by_sync_token(load_objects=True)
seen["full"] = sorted(str(o.vobject_instance.vevent.summary.value) for o in full)
token = full.sync_token

calendar.save_event(EVENT % "Load-in")
delta = calendar.objects_by_sync_token(sync_token=token, load_objects=True)
seen["delta"] = sorted(str(o.vobject_instance.vevent.summary.value) for o in delta)

event = calendar.event_by_uid("python-1")
event.vobject_instance.vevent.summary.value = "Load-in (crew)"
event.save()
seen["after_edit"] = str(calendar.event_by_uid("python-1").vobject_instance.vevent.summary.value)

found = calendar.date_search(
    start=datetime(2026, 12, 3, tzinfo=timezone.utc),
    end=datetime(2026, 12, 4, tzinfo=timezone.utc),
)
seen["december_3"] = sorted(str(e.vobject_instance.vevent.summary.value) for e in found)

calendar.event_by_uid("python-1").delete()
seen["after_delete"] = sorted(
    str(e.vobject_instance.vevent.summary.value) for e in calendar.events()
)
print(json.dumps(seen))
