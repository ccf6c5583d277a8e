/** Helpers for venue tests: create through the API and parse answers with the wire schemas. */
import { expect } from 'vitest';
import { errorEnvelopeSchema } from '#shared/tec/envelope.ts';
import { tecVenueListSchema, tecVenueSchema, type TecVenue } from '#shared/tec/venue.ts';
import { startTestServer, type Caller, type Reply, type TestServer } from './test-server.ts';

export async function createVenue(
  server: TestServer,
  body: Record<string, unknown>,
  as: Caller = 'owner',
): Promise<TecVenue> {
  const reply = await server.api('/venues', { as, json: body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return tecVenueSchema.parse(reply.body);
}

export const venueOf = (reply: Reply) => tecVenueSchema.parse(reply.body);
export const venueListOf = (reply: Reply) => tecVenueListSchema.parse(reply.body);

export function expectError(reply: Reply, status: number, code: string) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const envelope = errorEnvelopeSchema.parse(reply.body);
  expect(envelope.code).toBe(code);
  expect(envelope.data.status).toBe(status);
  return envelope;
}

/** A server whose venue 1 is "Main Hall", and "Grande salle" in French. */
export async function startWithMainHall(): Promise<TestServer> {
  const server = await startTestServer();
  await server.api('/venues', { as: 'owner', json: { venue: 'Main Hall' } });
  await server.api('/venues/1', {
    method: 'POST',
    as: 'owner',
    json: { venue: 'Grande salle', language: 'fr' },
  });
  return server;
}
