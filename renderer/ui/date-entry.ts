/**
 * Dates and times typed in a text field, in the UI language's own numeric form ("2027/04/08"
 * in Japanese, "08.04.2027 г." in Bulgarian, "04/08/2027" in English). A native
 * `<input type="date">` or `type="time"` writes the browser's locale whatever the page's
 * language is (Chromium ignores `lang` there), so the fields are text read back by these
 * parsers. The stored value stays ISO (`YYYY-MM-DD`, `HH:MM`); ISO typed in any language is
 * understood too.
 */

type DateOrder = ('year' | 'month' | 'day')[];

const SAMPLE = new Date(Date.UTC(2027, 3, 8, 19, 30));
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateFormat(language: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  });
}

function isoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** How a language writes and reads a date. */
type DateEntry = {
  /** "2027-04-08" → "2027/04/08" (ja); anything else is returned as it is. */
  format: (iso: string) => string;
  /** What a person typed → "YYYY-MM-DD", or undefined when it is not one whole real date. */
  parse: (text: string) => string | undefined;
  /** The field's placeholder: the language's order and separators with the given part names. */
  pattern: (names: Record<'year' | 'month' | 'day', string>) => string;
};

export function dateEntry(language: string): DateEntry {
  const format = dateFormat(language);
  const order = format
    .formatToParts(SAMPLE)
    .map((part) => part.type)
    .filter((type): type is DateOrder[number] => ['year', 'month', 'day'].includes(type));
  return {
    format(iso) {
      const match = ISO_DATE.exec(iso);
      if (!match || !isoDate(Number(match[1]), Number(match[2]), Number(match[3]))) return iso;
      return format.format(new Date(`${iso}T00:00:00Z`));
    },
    parse(text) {
      const numbers = text.match(/\d+/g);
      if (numbers?.length !== 3) return undefined;
      // A four-digit first number is a year: ISO, and the year-first languages, read alike.
      const fields: DateOrder = numbers[0].length === 4 ? ['year', 'month', 'day'] : order;
      const value = Object.fromEntries(fields.map((field, index) => [field, numbers[index]!]));
      const year = value.year!.length === 2 ? 2000 + Number(value.year) : Number(value.year);
      if (value.year!.length !== 2 && value.year!.length !== 4) return undefined;
      return isoDate(year, Number(value.month), Number(value.day));
    },
    pattern(names) {
      return format
        .formatToParts(SAMPLE)
        .map((part) =>
          part.type === 'year' || part.type === 'month' || part.type === 'day'
            ? names[part.type]
            : part.value,
        )
        .join('');
    },
  };
}

/** How a language writes and reads a time of day, on the 12- or 24-hour clock. */
type TimeEntry = {
  /** "19:30" → "午後7:30" (ja, 12-hour); anything else is returned as it is. */
  format: (hhmm: string) => string;
  /** What a person typed ("7:30 pm", "19.30", "1930", "午後7時30分") → "HH:MM", or undefined. */
  parse: (text: string) => string | undefined;
};

// Day periods compared without case, spaces or dots: "p. m." is "pm".
const bare = (text: string) => text.toLocaleLowerCase().replace(/[\s.]/g, '');

function dayPeriods(language: string): { am: string[]; pm: string[] } {
  const period = (hour: number) =>
    new Intl.DateTimeFormat(language, { hour: 'numeric', hour12: true, timeZone: 'UTC' })
      .formatToParts(new Date(Date.UTC(2027, 0, 1, hour)))
      .find((part) => part.type === 'dayPeriod')?.value ?? '';
  return { am: [bare(period(1)), 'am', 'a'], pm: [bare(period(13)), 'pm', 'p'] };
}

export function timeEntry(language: string, hour12: boolean): TimeEntry {
  const format = new Intl.DateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    hour12,
    timeZone: 'UTC',
  });
  const periods = dayPeriods(language);
  return {
    format(hhmm) {
      const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
      if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return hhmm;
      return format.format(new Date(Date.UTC(2027, 0, 1, Number(match[1]), Number(match[2]))));
    },
    parse(text) {
      const numbers = text.match(/\d+/g) ?? [];
      let hour: number;
      let minute: number;
      if (numbers.length === 1 && numbers[0].length >= 3 && numbers[0].length <= 4) {
        hour = Number(numbers[0].slice(0, -2));
        minute = Number(numbers[0].slice(-2));
      } else if (numbers.length === 1 || numbers.length === 2) {
        hour = Number(numbers[0]);
        minute = Number(numbers[1] ?? 0);
        if (numbers[1] !== undefined && numbers[1].length !== 2) return undefined;
      } else {
        return undefined;
      }
      const words = bare(text.replace(/\d+/g, ' '));
      const said = (names: string[]) =>
        names.some((name) => name && (name.length > 1 ? words.includes(name) : words === name));
      const pm = said(periods.pm);
      const am = !pm && said(periods.am);
      if (pm || am) {
        if (hour < 1 || hour > 12) return undefined;
        hour = (hour % 12) + (pm ? 12 : 0);
      }
      if (hour > 23 || minute > 59) return undefined;
      return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    },
  };
}
