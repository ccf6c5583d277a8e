/**
 * The CalDAV door (RFC 4791, 6578, 6764): phones keep the calendar's events offline and send
 * their edits back through the same write command as every other door. One principal (the
 * access token's user, signed in with Basic as WordPress application passwords are), one
 * calendar home, one calendar:
 *
 *   /.well-known/caldav        → /dav/ (RFC 6764; Apple starts here)
 *   /dav/, /dav/principal/     the principal: current-user-principal, calendar-home-set
 *   /dav/calendars/            the calendar home
 *   /dav/calendars/events/     the calendar; its objects are `<UID>.ics`
 *
 * Protocol conditions (a stale ETag, an unknown sync token, a VTODO) answer DAV's XML error
 * body; the domain's refusals (a role's 403, a refused value) keep the API's envelope.
 */
import express, { Router, type Request, type Response } from 'express';
import type { AccessTokens } from '../../sign-in/access-tokens.service.ts';
import type { Principal } from '../../auth/principal.ts';
import type { SignInAttempts } from '../../sign-in/sign-in-attempts.ts';
import type { Sessions } from '../../sign-in/sessions.ts';
import { ApiError } from '../../http/api-error.ts';
import { contextOf, identifyCaller, requestContext } from '../../http/request-context.ts';
import type { Clock } from '../../clock.ts';
import type { SettingsStore } from '../../settings/settings-file.ts';
import type { CalendarChanges } from '../../transfer/caldav/calendar-changes.ts';
import type { CalendarObjects } from '../../transfer/caldav/calendar-objects.ts';
import type {
  CalendarObjectWrites,
  Conditions,
} from '../../transfer/caldav/calendar-object-writes.ts';
import { askForPassword, davErrors, DavError, sendXml } from './dav-error.ts';
import { calendarReport, uidOfPath } from './caldav-reports.ts';
import {
  calendarProps,
  homeProps,
  objectPath,
  objectProps,
  PATHS,
  propstats,
  refusedProps,
  response,
  rootProps,
  type Props,
} from './dav-props.ts';
import { childOf, childrenOf, DAV, element, parseXml, type XmlElement } from './dav-xml.ts';

type CaldavDeps = {
  objects: CalendarObjects;
  writes: CalendarObjectWrites;
  changes: CalendarChanges;
  tokens: AccessTokens;
  sessions: Sessions;
  attempts: SignInAttempts;
  settings: SettingsStore;
  clock: Clock;
};

/** What the door implements, for OPTIONS (RFC 4791 §5.1, RFC 6578 §3). */
const DAV_CLASSES = '1, 3, calendar-access';
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';
/** A calendar object is an event or a series with its exceptions: a megabyte is plenty. */
const BODY_LIMIT = '1mb';

function callerOf(res: Response): Principal {
  const caller = contextOf(res).actor;
  if (!caller) {
    askForPassword(res);
    throw new ApiError(
      'rest_not_logged_in',
      'Sign in with an access token: its name as the user, the token as the password.',
    );
  }
  return caller;
}

/** The request's path, a collection's with its closing slash whether or not the client sent it. */
function pathOf(req: Request): string {
  const path = req.baseUrl + req.path;
  const collection = path.endsWith('/') ? path : `${path}/`;
  return (Object.values(PATHS) as string[]).includes(collection) ? collection : path;
}

/** The request's XML body; a body that is not XML is the client's mistake. */
function xmlBody(req: Request): XmlElement | undefined {
  const body = parseXml(typeof req.body === 'string' ? req.body : '');
  if (body === null) throw new DavError(400, undefined, 'The body is not well-formed XML.');
  return body;
}

/** The headers of a conditional write; a weak ETag never matches a strong one. */
function conditionsOf(req: Request): Conditions {
  return {
    ifMatch: req.get('if-match')?.trim(),
    ifNoneMatch: req.get('if-none-match')?.trim(),
  };
}

export function caldavRouter(deps: CaldavDeps): Router {
  const router = Router();
  router.all('/.well-known/caldav', (_req, res) => {
    res.redirect(301, PATHS.root);
  });
  // A client given the bare address may ask it for the principal instead of the well-known one.
  router.all('/', (req, res, next) => {
    if (req.method !== 'PROPFIND') return next();
    res.redirect(301, PATHS.root);
  });

  const dav = Router();
  dav.use((req, res, next) => {
    res.set('DAV', DAV_CLASSES);
    if (req.method !== 'OPTIONS') return next();
    res.set('Allow', ALLOW).status(200).end();
  });
  dav.use(identifyCaller(deps));
  dav.use(express.text({ type: () => true, limit: BODY_LIMIT }));
  dav.use(requestContext({ settings: deps.settings, clock: deps.clock }));

  /** A collection's properties by its path; undefined when the path is not one. */
  function collectionAt(path: string, caller: Principal): Props | undefined {
    const settings = deps.settings.get();
    if (path === PATHS.root || path === PATHS.principal)
      return rootProps(caller, path === PATHS.principal);
    if (path === PATHS.home) return homeProps(caller, settings.name);
    if (path === PATHS.calendar)
      return calendarProps(caller, {
        name: settings.name,
        timezone: settings.timezone,
        token: deps.changes.token(),
      });
    return undefined;
  }

  /** The collections one level below a collection (PROPFIND Depth 1). */
  const CHILDREN: Record<string, string[]> = {
    [PATHS.root]: [PATHS.principal, PATHS.home],
    [PATHS.home]: [PATHS.calendar],
  };

  dav.use((req, res, next) => {
    if (req.method !== 'PROPFIND') return next();
    const caller = callerOf(res);
    const body = xmlBody(req);
    const prop = childOf(body, DAV, 'prop');
    const asked = prop ? prop.children : 'all';
    const path = pathOf(req);
    const depth = req.get('depth') === '0' ? 0 : 1;
    const collection = collectionAt(path, caller);
    const context = contextOf(res);
    const responses: XmlElement[] = [];
    if (collection) {
      responses.push(response(path, propstats(collection, asked)));
      if (depth > 0) {
        for (const child of CHILDREN[path] ?? [])
          responses.push(response(child, propstats(collectionAt(child, caller)!, asked)));
        if (path === PATHS.calendar)
          for (const object of deps.objects.all(context))
            responses.push(
              response(objectPath(object.uid), propstats(objectProps(object, false), asked)),
            );
      }
    } else {
      const uid = uidOfPath(path);
      const object = uid === undefined ? undefined : deps.objects.find(uid, context);
      if (!object) throw new DavError(404, undefined, 'Nothing has this address.');
      responses.push(response(path, propstats(objectProps(object, false), asked)));
    }
    sendXml(res, 207, element(DAV, 'multistatus', responses));
  });

  // Phones set a calendar's colour or order at setup: the calendar's are the venue's, kept.
  dav.use((req, res, next) => {
    if (req.method !== 'PROPPATCH') return next();
    callerOf(res);
    const body = xmlBody(req);
    const asked = [...childrenOf(body, DAV, 'set'), ...childrenOf(body, DAV, 'remove')].flatMap(
      (change) => childOf(change, DAV, 'prop')?.children ?? [],
    );
    sendXml(res, 207, element(DAV, 'multistatus', [response(pathOf(req), refusedProps(asked))]));
  });

  dav.use((req, res, next) => {
    if (req.method !== 'REPORT') return next();
    callerOf(res);
    const path = pathOf(req);
    if (path !== PATHS.calendar)
      throw new DavError(403, 'dav:supported-report', 'Reports are answered by the calendar.');
    const body = xmlBody(req);
    if (!body) throw new DavError(400, undefined, 'A REPORT needs its XML body.');
    sendXml(res, 207, calendarReport(body, deps, contextOf(res)));
  });

  /** The object a request's path names. */
  const objectUid = (req: Request) => {
    const uid = uidOfPath(pathOf(req));
    if (uid === undefined)
      throw new DavError(405, undefined, 'Only calendar objects (…/events/<UID>.ics) are written.');
    return uid;
  };

  dav.get(/.*/, (req, res) => {
    callerOf(res);
    const uid = uidOfPath(pathOf(req));
    const object = uid === undefined ? undefined : deps.objects.find(uid, contextOf(res));
    if (!object) throw new DavError(404, undefined, 'No calendar object has this name.');
    res.set('ETag', object.etag).type('text/calendar; charset=utf-8').send(object.ics);
  });

  dav.put(/.*/, async (req, res) => {
    callerOf(res);
    const uid = objectUid(req);
    const created = await deps.writes.put(
      uid,
      String(req.body ?? ''),
      conditionsOf(req),
      contextOf(res),
    );
    res.status(created ? 201 : 204).end();
  });

  dav.delete(/.*/, async (req, res) => {
    callerOf(res);
    await deps.writes.remove(objectUid(req), conditionsOf(req), contextOf(res));
    res.status(204).end();
  });

  dav.use((req, res) => {
    callerOf(res);
    res.set('Allow', ALLOW);
    throw new DavError(405, undefined, `${req.method} is not something this calendar does.`);
  });

  dav.use(davErrors);
  router.use('/dav', dav);
  return router;
}
