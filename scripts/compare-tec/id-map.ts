/**
 * Which record on the site is which in Marquee. Posts (events, venues, organizers) share one
 * id sequence on each side, terms another; the two sides number differently (the site's first
 * post is not an event), so answers are compared with each id replaced by a name both sides
 * share: the scenario's own (`e1`) or one given when the pair was first seen (`post3`).
 */
export type Side = 'site' | 'marquee';
export type IdKind = 'post' | 'term';

export class IdMap {
  private readonly names = {
    site: { post: new Map<number, string>(), term: new Map<number, string>() },
    marquee: { post: new Map<number, string>(), term: new Map<number, string>() },
  };
  private readonly ids = { site: new Map<string, number>(), marquee: new Map<string, number>() };
  private count = 0;

  /** The shared name of a side's id, if the pair is known. */
  name(side: Side, kind: IdKind, id: number): string | undefined {
    return this.names[side][kind].get(id);
  }

  /** A side's id for a name, if known. */
  id(side: Side, name: string): number | undefined {
    return this.ids[side].get(name);
  }

  /**
   * Pairs the two ids under `name` (or a new one). Nothing changes when either is paired
   * already: a second pairing would hide an answer naming the wrong record. An alias for a
   * known pair is added when both ids are that pair.
   */
  pair(kind: IdKind, site: number, marquee: number, name?: string): void {
    const known = this.names.site[kind].get(site);
    if (known !== undefined || this.names.marquee[kind].has(marquee)) {
      if (name && known !== undefined && this.names.marquee[kind].get(marquee) === known) {
        this.ids.site.set(name, site);
        this.ids.marquee.set(name, marquee);
      }
      return;
    }
    const shared = name ?? `${kind}${++this.count}`;
    this.names.site[kind].set(site, shared);
    this.names.marquee[kind].set(marquee, shared);
    this.ids.site.set(shared, site);
    this.ids.marquee.set(shared, marquee);
  }
}
