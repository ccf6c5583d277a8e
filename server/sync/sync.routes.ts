/**
 * `marquee/v1` sync routes: GET /sync/pull, POST /sync/push, GET /sync/stream, a server-sent
 * event stream that pokes clients after every change so they pull, GET /sync/info, the
 * protocol's version (a laptop's server checks its hub's before syncing), and GET/PUT
 * /sync/settings, the calendar's own settings (server/settings/calendar-state.ts).
 */
import type { Response } from 'express';
import { z } from 'zod';
import { calendarStateSchema } from '#shared/schemas/settings.ts';
import {
  pullQuerySchema,
  pushRequestSchema,
  SYNC_PROTOCOL,
  type SyncInfo,
} from '#shared/schemas/sync.ts';
import { can } from '../auth/capabilities.ts';
import { endpoint, streamEndpoint, type RouteSpec } from '../http/routes.ts';
import { requireCaller } from '../domain/posts/access.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { SettingsStore } from '../settings/settings-file.ts';
import { calendarStateOf, supersedes, takeCalendar } from '../settings/calendar-state.ts';
import type { SyncService } from './sync.service.ts';

const PING_MS = 25_000;

export function syncRoutes(
  service: SyncService,
  changes: ChangeLog,
  streams: Set<Response>,
  version: string,
  settings: SettingsStore,
): RouteSpec[] {
  return [
    {
      path: '/sync/info',
      pattern: '/sync/info',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          const caller = requireCaller(context, can.editOthers);
          const info: SyncInfo = {
            protocol: SYNC_PROTOCOL,
            version,
            calendarSettings: true,
            calendar: service.calendar(),
            user: { id: caller.id, name: caller.name, role: caller.role },
          };
          return { body: info, cacheable: false };
        }),
      ],
    },
    {
      // The calendar's own settings, for a laptop and its hub: read, and offered (taken when
      // this server's were never set up, or are older). Editors may, as they may every record
      // through sync: a laptop's owner changed them there, and the hub's token is an editor's.
      path: '/sync/settings',
      pattern: '/sync/settings',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          requireCaller(context, can.editOthers);
          return { body: calendarStateOf(settings), cacheable: false };
        }),
        endpoint(['PUT'], calendarStateSchema, (offered, context) => {
          requireCaller(context, can.editOthers);
          const held = calendarStateOf(settings);
          return { body: supersedes(offered, held) ? takeCalendar(settings, offered) : held };
        }),
      ],
    },
    {
      path: '/sync/pull',
      pattern: '/sync/pull',
      endpoints: [
        {
          ...endpoint(['GET'], pullQuerySchema, async (query, context) => ({
            body: await service.pull(query, context),
            cacheable: false,
          })),
          // A replica must never hold a change the disk could still lose (durable-answers.ts).
          afterDisk: true,
        },
      ],
    },
    {
      path: '/sync/push',
      pattern: '/sync/push',
      endpoints: [
        endpoint(['POST'], pushRequestSchema, (request, context) => ({
          body: service.push(request, context),
        })),
      ],
    },
    {
      path: '/sync/stream',
      pattern: '/sync/stream',
      endpoints: [
        streamEndpoint(['GET'], z.object({}), (_params, context, req, res) => {
          requireCaller(context, can.editOthers);
          res.writeHead(200, {
            'Content-Type': 'text/event-stream; charset=utf-8',
            'Cache-Control': 'no-store',
            Connection: 'keep-alive',
          });
          // A HEAD asks for GET's headers alone; a stream never ends by itself, so end it here.
          if (req.method === 'HEAD') return void res.end();
          res.write(`retry: 2000\nevent: hello\ndata: {"seq":${changes.latest()}}\n\n`);
          const stop = changes.onCommit((seq) =>
            res.write(`event: change\ndata: {"seq":${seq}}\n\n`),
          );
          // The calendar's settings changed (a laptop's came): the others come for them.
          const stopSettings = settings.onChange(() =>
            res.write(`event: change\ndata: {"seq":${changes.latest()}}\n\n`),
          );
          const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
          streams.add(res);
          req.on('close', () => {
            stop();
            stopSettings();
            clearInterval(ping);
            streams.delete(res);
          });
        }),
      ],
    },
  ];
}
