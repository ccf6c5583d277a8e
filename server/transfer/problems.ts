/**
 * What is wrong with a file to import: each problem names where (a line when the format has
 * lines, else a path such as `events[3].start`) and why. An import with problems writes nothing.
 */
import type { z } from 'zod';
import { DomainError } from '../domain/errors.ts';
import type { Problem } from '#shared/schemas/transfer.ts';

/** Lists stop here: a file that is wrong everywhere needs its first errors, not 100k of them. */
export const MAX_PROBLEMS = 100;

/** In file order; problems of the whole file (without a line) first. */
const byLine = (a: Problem, b: Problem) => (a.line ?? 0) - (b.line ?? 0);

/** Problems a reader keeps: more than a list shows, as problems found later may come first. */
export const KEPT_PROBLEMS = 1000;

/**
 * Problems as a file is read, in bounded memory: a file of a million unreadable lines would
 * otherwise hold a million problems. Keeps the first `keep` in file order (whatever order they
 * are found in) and counts the others in `more`.
 */
export class ProblemList {
  #kept: Problem[] = [];
  #sorted = true;
  #more = 0;
  readonly keep: number;

  constructor(keep = KEPT_PROBLEMS) {
    this.keep = keep;
  }

  add(problem: Problem): void {
    const last = this.#kept.at(-1);
    // Full and in order, and this one comes later: only counted (the common case, cheap).
    if (this.#sorted && this.#kept.length >= this.keep && last && byLine(problem, last) >= 0) {
      this.#more += 1;
      return;
    }
    this.#sorted &&= !last || byLine(problem, last) >= 0;
    this.#kept.push(problem);
    if (this.#kept.length >= 2 * this.keep) this.#trim();
  }

  /** Problems found and counted elsewhere but not kept (`more` of another list). */
  addUnkept(count: number): void {
    this.#more += count;
  }

  /** How many problems were found in all. */
  get count(): number {
    return this.#kept.length + this.#more;
  }

  /** How many of them are not in `kept`. */
  get more(): number {
    this.#trim();
    return this.#more;
  }

  /** The first problems in file order, at most `keep`. */
  get kept(): Problem[] {
    this.#trim();
    return this.#kept;
  }

  #trim() {
    if (!this.#sorted) this.#kept.sort(byLine);
    this.#sorted = true;
    if (this.#kept.length <= this.keep) return;
    this.#more += this.#kept.length - this.keep;
    this.#kept.length = this.keep;
  }
}

/**
 * A list of problems as answers give it: the first MAX_PROBLEMS in file order, then (when
 * there are more) a note of how many more were found. `unkept`: problems found beyond those
 * given (a ProblemList's `more`), counted in the note.
 */
export function listedProblems(problems: readonly Problem[], unkept = 0): Problem[] {
  const sorted = [...problems].sort(byLine);
  if (sorted.length <= MAX_PROBLEMS && unkept === 0) return sorted;
  const more = Math.max(0, sorted.length - MAX_PROBLEMS) + unkept;
  const note = `${more} more problem${more === 1 ? '' : 's'} not listed: a list stops at the first ${MAX_PROBLEMS}`;
  return [...sorted.slice(0, MAX_PROBLEMS), { where: 'file', message: note }];
}

/** Where a problem is, for people: `line 287 (VEVENT abc@example)`, `line 3`, or its path. */
export function placeOf({ line, where }: Problem): string {
  if (line === undefined) return where;
  return where === 'file' || where === `line ${line}` ? `line ${line}` : `line ${line} (${where})`;
}

export function importInvalid(problems: Problem[], unkept = 0): DomainError {
  const listed = listedProblems(problems, unkept);
  const [first] = listed;
  const count = problems.length + unkept;
  return new DomainError(
    'marquee_import_invalid',
    `The file cannot be imported, nothing was changed: ${first ? placeOf(first) : 'file'}: ${
      first?.message ?? 'unreadable'
    }${count > 1 ? ` (and ${count - 1} more)` : ''}`,
    { problems: listed, count },
  );
}

/** zod's issues as problems, with a path like `events[3].start`. */
export function problemsOfIssues(issues: readonly z.core.$ZodIssue[]): Problem[] {
  return issues.map((issue) => ({
    where: issue.path
      .map((key, index) =>
        typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
      )
      .join(''),
    message: issue.message,
  }));
}
