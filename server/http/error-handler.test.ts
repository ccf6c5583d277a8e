import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger.ts';
import { ApiError } from './api-error.ts';
import { errorHandler } from './error-handler.ts';

function render(error: unknown, url = '/wp-json/tribe/events/v1/events') {
  const logged: unknown[][] = [];
  const logger: Logger = { info() {}, warn() {}, error: (...parts) => logged.push(parts) };
  const sent: {
    status?: number;
    body?: { code: string; message: string; data: { status: number } };
  } = {};
  const res = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: typeof sent.body) {
      sent.body = body;
      return this;
    },
  } as unknown as Response;
  const req = { method: 'POST', originalUrl: url, url } as Request;
  errorHandler(logger)(error, req, res, (() => {}) as NextFunction);
  return { sent, logged };
}

describe('the one error path', () => {
  it('renders API errors in the WordPress envelope, with their data', () => {
    const { sent, logged } = render(new ApiError('term_exists', 'exists', { term_id: 4 }));
    expect(sent).toEqual({
      status: 400,
      body: { code: 'term_exists', message: 'exists', data: { status: 400, term_id: 4 } },
    });
    expect(logged).toEqual([]);
  });

  it('maps body-parser failures to WordPress codes', () => {
    expect(
      render(Object.assign(new Error('bad'), { type: 'entity.parse.failed' })).sent.body?.code,
    ).toBe('rest_invalid_json');
    expect(render(Object.assign(new Error('big'), { type: 'entity.too.large' })).sent.status).toBe(
      413,
    );
  });

  it('logs anything else with an incident id, and answers a plain 500 with the same id', () => {
    const { sent, logged } = render(new Error('SQLITE_CONSTRAINT: secret detail'));
    expect(sent.status).toBe(500);
    expect(sent.body?.code).toBe('marquee_internal_error');
    expect(sent.body?.message).not.toContain('SQLITE');
    const incident = /incident ([0-9a-f-]{36})/.exec(sent.body?.message ?? '')?.[1];
    expect(incident).toBeDefined();
    expect(String(logged[0]?.[0])).toContain(incident);
  });

  it('answers the client’s faults that libraries throw with 4xx, and logs none of them', () => {
    const cases: [unknown, number, string][] = [
      [
        Object.assign(new Error('too many'), { type: 'parameters.too.many', status: 413 }),
        413,
        'marquee_payload_too_large',
      ],
      [
        Object.assign(new Error('depth'), { type: 'querystring.parse.rangeError', status: 400 }),
        400,
        'marquee_bad_request',
      ],
      [
        Object.assign(new URIError("Failed to decode param '%zz'"), { status: 400 }),
        400,
        'marquee_bad_request',
      ],
      [
        Object.assign(new Error('incorrect header check'), {
          code: 'Z_DATA_ERROR',
          status: 400,
          expose: true,
        }),
        400,
        'marquee_bad_request',
      ],
      [
        Object.assign(new Error('unsupported'), { type: 'encoding.unsupported', status: 415 }),
        415,
        'marquee_unsupported_media_type',
      ],
    ];
    for (const [error, status, code] of cases) {
      const { sent, logged } = render(error);
      expect(sent, String(error)).toMatchObject({ status, body: { code, data: { status } } });
      expect(logged).toEqual([]);
    }
  });

  it('logs an error’s name, message and stack, never what it carries or secret URL values', () => {
    // What body-parser hangs on its errors: the whole body, a form's password in it.
    const error = Object.assign(new Error('boom'), {
      body: 'password=hunter2&title=x',
      raw: Buffer.from('password=hunter2'),
      headers: { authorization: 'Bearer sekrit-token', cookie: 'marquee_session=sekrit-cookie' },
    });
    const { logged } = render(
      error,
      '/wp-json/tribe/events/v1/events/1?password=hunter2&page=2&api_key=sekrit-key',
    );
    const text = logged.flat().map(String).join('\n');
    expect(text).toContain('Error: boom');
    expect(text).toContain('at '); // the stack
    expect(text).toContain('POST /wp-json/tribe/events/v1/events/1?password=…&page=2&api_key=…');
    for (const secret of ['hunter2', 'sekrit']) expect(text).not.toContain(secret);
  });
});
