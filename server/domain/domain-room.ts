/**
 * The domain's room: the change log, the write command's services over the store's connection,
 * the cleaning of texts stored before the HTML rule, and the schedulers whoever hosts the server
 * starts (start-server.ts): scheduled publication and the series' horizon.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { createChangeLog, type ChangeLog } from '../store/change-log.repo.ts';
import { createHtmlRuleBacklog } from '../store/html-rule-backlog.ts';
import type { Store } from '../store/open-store.ts';
import { createScheduledPostsRepo } from '../store/scheduled-posts.repo.ts';
import { createDomainServices, type DomainServices } from './domain-services.ts';
import { createSeriesHorizon, type SeriesHorizon } from './events/series-horizon.ts';
import { createPublishScheduler, type PublishScheduler } from './posts/publish-scheduler.ts';
import { cleanTextsBeforeHtmlRule } from './posts/texts-before-html-rule.ts';

export type DomainRoom = DomainServices & {
  changes: ChangeLog;
  /** Cleans the texts stored before the HTML rule (again after a restore brings some back). */
  cleanTextsBeforeRule: () => void;
  /** Started by whoever hosts the server, not by one-off command-line runs. */
  publishing: PublishScheduler;
  /** Started by whoever hosts the server, as publishing is. */
  seriesHorizon: SeriesHorizon;
};

export function wireDomain(deps: {
  store: Store;
  clock: Clock;
  logger?: Logger | undefined;
}): DomainRoom {
  const { db } = deps.store;
  const changes = createChangeLog(db);
  // A large import or restore leaves texts to index for search after it commits.
  changes.onCommit(() => deps.store.searchBackfill.schedule());
  const services = createDomainServices(db, changes);
  const { users, events, venues, organizers } = services;
  // Texts stored before the rule of who may write HTML are cleaned by their author's role
  // before anything serves them (one query once they are): every host builds its services here.
  const cleanTextsBeforeRule = () => {
    const stored = cleanTextsBeforeHtmlRule({
      backlog: createHtmlRuleBacklog(db),
      users,
      changes,
      clock: deps.clock,
      kinds: { event: events, venue: venues, organizer: organizers },
    });
    if (stored > 0)
      deps.logger?.info(
        `Cleaned the markup of ${stored} records written by authors or contributors before their HTML was filtered.`,
      );
  };
  cleanTextsBeforeRule();
  const publishing = createPublishScheduler({
    scheduled: createScheduledPostsRepo(db),
    changes,
    clock: deps.clock,
    logger: deps.logger,
  });
  const seriesHorizon = createSeriesHorizon({
    extend: (now) => events.extendSeries(now),
    writable: () => changes.writable(),
    clock: deps.clock,
    logger: deps.logger,
  });
  return { ...services, changes, cleanTextsBeforeRule, publishing, seriesHorizon };
}
