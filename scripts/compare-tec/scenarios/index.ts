/** Every scenario, each side-by-side one given a space (year and mark) of its own. */
import type { Scenario } from '../scenario.ts';
import { discovery } from './discovery.ts';
import { eventsEdges } from './events-edges.ts';
import { eventsLifecycle } from './events-lifecycle.ts';
import { eventsLists } from './events-lists.ts';
import { eventsPages } from './events-pages.ts';
import { eventsProtected } from './events-protected.ts';
import { eventsRoles } from './events-roles.ts';
import { eventsWrites } from './events-writes.ts';
import { featured } from './featured.ts';
import { formWrites } from './form-writes.ts';
import { linkedPosts } from './linked-posts.ts';
import { space, type Space } from './space.ts';
import { terms } from './terms.ts';
import { wholeSite } from './whole-site.ts';
import { wpV2Scenarios } from './wp-v2.ts';

const sideBySide: ((s: Space) => Scenario)[] = [
  ...eventsWrites,
  ...eventsRoles,
  ...eventsLifecycle,
  ...eventsProtected,
  ...eventsLists,
  ...eventsPages,
  ...featured,
  ...formWrites,
  ...linkedPosts,
  ...terms,
  ...discovery,
  ...eventsEdges,
  ...wpV2Scenarios,
];

export const scenarios: Scenario[] = [
  ...wholeSite,
  ...sideBySide.map((build, index) => build(space(index))),
];
