/**
 * Notes a reader or the import keeps while it reads a file (importNoteSchema): each said once
 * (a time zone is guessed once per TZID, however many events use it), in bounded memory — past
 * MAX_PROBLEMS only counted, then said in one last note.
 */
import type { ImportNote } from '#shared/schemas/transfer.ts';
import { MAX_PROBLEMS } from './problems.ts';

export class ImportNotes {
  #notes: ImportNote[] = [];
  #said = new Set<string>();
  #more = 0;

  /** `once`: a note with the same text given before is not said again. */
  add(note: ImportNote, once?: string): void {
    if (once !== undefined) {
      if (this.#said.has(once)) return;
      this.#said.add(once);
    }
    if (this.#notes.length < MAX_PROBLEMS) this.#notes.push(note);
    else this.#more += 1;
  }

  get list(): ImportNote[] {
    const sorted = [...this.#notes].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    if (this.#more === 0) return sorted;
    const count = this.#more;
    return [
      ...sorted,
      {
        where: 'file',
        key: 'moreNotes',
        params: { count },
        message: `${count} more notes not listed`,
      },
    ];
  }
}
