/**
 * `marquee/v1/settings` (admins): read the calendar's settings, and change them. A change is
 * validated like settings.json, saved atomically, and in force at once — except the port, which
 * the next start uses — unless a start flag overrides it for this run.
 */
import { z } from 'zod';
import { settingsUpdateSchema, type SettingsReply } from '#shared/schemas/settings.ts';
import { can } from '../../../auth/capabilities.ts';
import { endpoint, type RouteSpec } from '../../../http/routes.ts';
import type { SettingsStore } from '../../../settings/settings-file.ts';
import { requireCaller } from '../../../domain/posts/access.ts';

export function settingsRoutes(settings: SettingsStore): RouteSpec[] {
  const reply = (): SettingsReply => ({
    settings: settings.get(),
    overridden: settings.overridden(),
    listeningPort: settings.listeningPort(),
  });
  return [
    {
      path: '/settings',
      pattern: '/settings',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          requireCaller(context, can.manageSettings);
          return { body: reply(), cacheable: false };
        }),
        endpoint(['POST', 'PUT', 'PATCH'], settingsUpdateSchema, (change, context) => {
          requireCaller(context, can.manageSettings);
          settings.update(change);
          return { body: reply() };
        }),
      ],
    },
  ];
}
