/**
 * `marquee/v1/export` and `marquee/v1/import`. JSON is the whole-calendar backup (admins: it
 * holds drafts, private records and passwords); CSV and ICS are calendar files (editors and up).
 * Export streams its file. Import takes the file as the raw request body, which app.ts has
 * streamed to disk (http/file-upload.ts: up to IMPORT_LIMIT_BYTES inflated, IMPORTS_AT_ONCE at
 * a time, from callers importRefusal lets in), and with `dryRun` answers the preview without
 * writing anything.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import etag from 'etag';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { languageSchema } from '#shared/languages.ts';
import { wpBoolean } from '#shared/schemas/wp-params.ts';
import { ALL_CSV_COLUMNS } from '#shared/tec/csv-columns.ts';
import { can } from '../auth/capabilities.ts';
import { ApiError } from '../http/api-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import type { RequestContext } from '../http/request-context.ts';
import { matches } from '../http/response-cache.ts';
import { endpoint, streamEndpoint, type RouteSpec } from '../http/routes.ts';
import { requireCaller } from '../domain/posts/access.ts';
import { forbidden, type DomainError } from '../domain/errors.ts';
import type { Principal } from '../auth/principal.ts';
import { uploadOf, type UploadedFile } from '../http/file-upload.ts';
import type { CalendarFiles } from './calendar-files.ts';
import type { Transfer } from './transfer.service.ts';

export const IMPORT_LIMIT_BYTES = 256 * 1024 * 1024;
/**
 * Files received and read at once: one large file read in its thread holds a few times its
 * size in memory, so the server's memory is bounded by this many of them.
 */
export const IMPORTS_AT_ONCE = 2;

const formatSchema = z.enum(['json', 'csv', 'ics']);

/** A header's column: one of TEC's importer keys, or "" to leave the header's cells out. */
const columnChoices = z.record(
  z.string(),
  z.enum(['', ...ALL_CSV_COLUMNS], {
    error: `must be "" or a column: ${ALL_CSV_COLUMNS.join(', ')}`,
  }),
);

/** `columns`: a JSON object, or the same as `columns[HEADER]=key` query parameters. */
const columnsSchema = z
  .union([
    z
      .string()
      .transform((text, context): unknown => {
        try {
          return JSON.parse(text);
        } catch {
          context.addIssue({ code: 'custom', message: 'must be a JSON object' });
          return z.NEVER;
        }
      })
      .pipe(columnChoices),
    columnChoices,
  ])
  .optional()
  .meta({
    description:
      'CSV: the column each named header holds, as a JSON object of header → column key ' +
      '(TEC’s importer keys, e.g. {"START DATE":"event_start_date"}; "" leaves a header out). ' +
      'A header not named is read by its name; the answer’s `headers` says how each was read.',
  });

const exportSchema = z
  .object({
    format: formatSchema.default('ics'),
    kind: z.enum(['events', 'venues', 'organizers']).default('events'),
    spreadsheet_safe: wpBoolean.default(false),
    language: languageSchema.optional(),
    lang: languageSchema.optional(),
  })
  .loose();

function sendFile(
  res: Response,
  file: { name: string; contentType: string; chunks: Generator<string> },
) {
  res.status(200).set({
    'Content-Type': file.contentType,
    'Content-Disposition': contentDisposition('attachment', file.name),
    'Cache-Control': 'no-store',
  });
  Readable.from(file.chunks).pipe(res);
}

function uploaded(req: Request): UploadedFile {
  const file = uploadOf(req);
  if (!file || file.size === 0)
    throw new ApiError(
      'marquee_import_invalid',
      'Send the file as the request body (any Content-Type).',
    );
  return file;
}

/**
 * Who may send a file to import, asked before its body is read (http/file-upload.ts): a backup
 * (format=json) the admins, calendar files the editors and up. The route asks again, by the
 * same rules, once the format is validated.
 */
export function importRefusal(
  caller: Principal | undefined,
  req: Request,
): DomainError | undefined {
  if (!caller) return forbidden(false);
  const allowed = req.query.format === 'json' ? can.manageSettings : can.editOthers;
  return allowed(caller) ? undefined : forbidden(true);
}

/**
 * `GET /ical`: a feed to subscribe to, filtered like GET /events (per category also as a path).
 * Anyone may read what they may list; calendar apps poll, so it answers 304 to a known ETag.
 */
function icalFeed(files: CalendarFiles) {
  return streamEndpoint(
    ['GET'],
    z.object({ slug: z.string().optional(), language: languageSchema.optional() }).loose(),
    // `language` is the request context's (read with `lang` and the root segment); the events'
    // schema drops it from the filters.
    ({ slug, ...query }, context, req, res) => {
      const filters = slug ? { ...query, categories: slug } : query;
      const text = files.feed(filters, context.language, context);
      res.set({
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': contentDisposition('inline', `${slug ?? 'calendar'}.ics`),
        ETag: etag(text, { weak: true }),
        'Cache-Control': 'no-cache',
      });
      // A revalidation (fetch adds Cache-Control: no-cache to it, which Express's req.fresh
      // reads as "never fresh"): the origin answers it from the ETag alone.
      if (matches(req.headers['if-none-match'], String(res.get('ETag'))))
        return void res.status(304).end();
      res.status(200).send(text);
    },
  );
}

const editors = (context: RequestContext) => requireCaller(context, can.editOthers);
const admins = (context: RequestContext) => requireCaller(context, can.manageSettings);

export function transferRoutes(transfer: Transfer, files: CalendarFiles): RouteSpec[] {
  return [
    {
      path: '/export',
      pattern: '/export',
      endpoints: [
        streamEndpoint(['GET'], exportSchema, (params, context, _req, res) => {
          // `language` and `lang` stay in the query, which the events' schema drops: the request
          // context read them (language > lang > root segment), as for every request.
          const { format, kind, spreadsheet_safe: spreadsheetSafe, ...query } = params;
          if (format === 'json') {
            admins(context);
            const backup = transfer.backup();
            return sendFile(res, { ...backup, contentType: 'application/json; charset=utf-8' });
          }
          editors(context);
          sendFile(
            res,
            files.export(
              { format, kind, language: context.language, spreadsheetSafe, query },
              context,
            ),
          );
        }),
      ],
    },
    {
      path: '/ical',
      pattern: '/ical',
      endpoints: [icalFeed(files)],
    },
    {
      path: '/ical/categories/:slug',
      pattern: '/ical/categories/(?P<slug>[\\w-]+)',
      endpoints: [icalFeed(files)],
    },
    {
      path: '/import',
      pattern: '/import',
      endpoints: [
        endpoint(
          ['POST'],
          z.object({
            format: formatSchema,
            dryRun: wpBoolean.default(false),
            language: languageSchema.optional(),
            skipBroken: wpBoolean.default(false).meta({
              description:
                'Import a file whose structure is sound without the records it cannot read ' +
                '(ICS VEVENTs, CSV rows), each named in the answer’s notes with its line and ' +
                'reason. A check names how many there are in `broken`.',
            }),
            columns: columnsSchema,
          }),
          ({ format, dryRun, language, skipBroken, columns }, context, req) => {
            if (format === 'json') {
              admins(context);
              const restored = transfer.restore(readFileSync(uploaded(req).path, 'utf8'), {
                dryRun,
                language: context.language,
              });
              return {
                status: dryRun ? 200 : 201,
                body: { format, dryRun, ...restored },
                cacheable: false,
              };
            }
            editors(context);
            // A large import waits for its snapshot, copied aside: others are answered meanwhile.
            return files
              .import(format, uploaded(req), context, {
                dryRun,
                language,
                skipBroken,
                columns,
              })
              .then((summary) => ({
                status: dryRun ? 200 : 201,
                body: summary,
                cacheable: false,
              }));
          },
        ),
      ],
    },
  ];
}
