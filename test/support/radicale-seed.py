"""
Seeds a Radicale server at argv[1] for the CalDAV comparison: user argv[2]'s calendar "Hall"
holding the one event the Marquee side starts with.
"""
import sys

import caldav

url, user = sys.argv[1:3]
principal = caldav.DAVClient(url=url, username=user, password="x").principal()
calendar = principal.make_calendar(name="Hall", cal_id="events")
calendar.save_event(
    """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Marquee tests//EN
BEGIN:VEVENT
UID:concert
DTSTAMP:20261120T100000Z
DTSTART:20261203T200000Z
DTEND:20261203T220000Z
SUMMARY:Concert
END:VEVENT
END:VCALENDAR
"""
)
