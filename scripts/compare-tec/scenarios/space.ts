/**
 * What keeps a scenario's records apart from the others' on the one site: a year of its own for
 * its events (lists ask for that year only) and a mark in every name (`Gala k7`), so slugs and
 * searches are its own. Scenarios that read the whole site run alone and use `now`-relative
 * dates instead (`soon`).
 */
export type Space = {
  /** The scenario's year: every event it makes starts in it. */
  year: number;
  /** A short word no other scenario's names have. */
  mark: string;
  /** A name made unique to the scenario: `named('Gala')` → `Gala k7`. */
  named(name: string): string;
  /** `YYYY-MM-DD HH:MM:SS` in the scenario's year: `at('03-01', '20:00')`. */
  at(monthDay: string, time?: string): string;
  /** The query for all of the scenario's year: `start_date=…&end_date=…`. */
  wholeYear: string;
};

export function space(index: number): Space {
  const year = 2031 + index;
  const mark = `k${index + 1}`;
  return {
    year,
    mark,
    named: (name) => `${name} ${mark}`,
    at: (monthDay, time = '10:00') =>
      `${year}-${monthDay} ${time.length === 5 ? `${time}:00` : time}`,
    wholeYear: `start_date=${year}-01-01&end_date=${year}-12-31`,
  };
}

/** A day counted from today in the site's zone, `YYYY-MM-DD`: for the default window's scenarios. */
export function soon(days: number, now = new Date()): string {
  const day = new Date(now.getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(day);
}
