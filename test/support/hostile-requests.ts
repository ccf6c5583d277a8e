/**
 * What the hostile-input tests share: the owner's header, an event body to send (compressed as
 * a test says), and the check that an answer is the WordPress error envelope.
 */
import { expect } from 'vitest';
import { errorEnvelopeSchema } from '#shared/tec/envelope.ts';
import { at } from './events.ts';
import type { RawReply } from './raw-http.ts';
import { OWNER_TOKEN } from './test-server.ts';

export const OWNER = { authorization: `Bearer ${OWNER_TOKEN}` };
const EVENT = { title: 'Retried', start_date: at(2), end_date: at(2, 1) };

export function expectEnvelope(reply: RawReply, status: number, code: string): void {
  expect(reply.status, reply.text).toBe(status);
  const envelope = errorEnvelopeSchema.parse(JSON.parse(reply.text));
  expect(envelope.code).toBe(code);
  expect(envelope.data.status).toBe(status);
}

/** A JSON event body, compressed as `encoding` says. */
export function eventBody(encoding: (bytes: Buffer) => Buffer = (bytes) => bytes): Buffer {
  return encoding(Buffer.from(JSON.stringify(EVENT)));
}
