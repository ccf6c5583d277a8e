/** The start view: what the calendar holds, and the API address for website builds. */
import type { ServerState } from '../../data/server-health.ts';
import { ApiAccessCard } from './ApiAccessCard.tsx';
import { CalendarSummary } from './CalendarSummary.tsx';

export function HomePage({ server }: { server: ServerState }) {
  const health =
    server.state === 'online'
      ? server.health
      : server.state === 'offline'
        ? server.last
        : undefined;
  return (
    <div className="home">
      <CalendarSummary health={health} />
      <ApiAccessCard />
    </div>
  );
}
