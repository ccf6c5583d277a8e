import { describe, expect, it } from 'vitest';
import { fileNameOf, launchRequest } from './launch-request.ts';

describe('what a launch asks for', () => {
  it('an .ics file the user opened, on each system’s command line', () => {
    expect(launchRequest(['C:\\Users\\Ana\\Downloads\\Jazz Week.ICS'])).toEqual({
      kind: 'import-file',
      path: 'C:\\Users\\Ana\\Downloads\\Jazz Week.ICS',
    });
    // Chromium's flags come before the file on a second instance's line.
    expect(
      launchRequest([
        '--allow-file-access-from-files',
        '--original-process-start-time=1',
        '/home/ana/feed.ics',
      ]),
    ).toEqual({ kind: 'import-file', path: '/home/ana/feed.ics' });
    // From a checkout, Electron's line starts with the app's folder.
    expect(launchRequest(['.', '/tmp/a.ics'])).toEqual({ kind: 'import-file', path: '/tmp/a.ics' });
  });

  it('a marquee: or webcal: link', () => {
    expect(launchRequest(['marquee://event/12'])).toEqual({
      kind: 'link',
      url: 'marquee://event/12',
    });
    expect(launchRequest(['--flag', 'WEBCAL://venue.example/events.ics'])).toEqual({
      kind: 'link',
      url: 'WEBCAL://venue.example/events.ics',
    });
  });

  it('nothing but the front: no argument, flags only, other files, a flag naming an .ics', () => {
    expect(launchRequest([])).toEqual({ kind: 'focus' });
    expect(launchRequest(['.'])).toEqual({ kind: 'focus' });
    expect(launchRequest(['--user-data-dir=/x.ics', 'notes.txt'])).toEqual({ kind: 'focus' });
    expect(launchRequest(['/home/ana/calendar.ics.txt'])).toEqual({ kind: 'focus' });
  });

  it('names the file as the import dialog shows it', () => {
    expect(fileNameOf('C:\\Users\\Ana\\Jazz Week.ics')).toBe('Jazz Week.ics');
    expect(fileNameOf('/home/ana/feed.ics')).toBe('feed.ics');
  });
});
