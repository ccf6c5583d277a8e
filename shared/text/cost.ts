/**
 * Event costs the way TEC reads them (Tribe__Events__Cost_Utils): the currency symbol and its
 * position from the text ("20$", "€6.50 - €8.50", "R$ 20"), every number in it with either
 * decimal separator ("25,55" is 25.55), and the formatted cost ("Free" for 0, "min – max").
 * A cost that names no symbol is shown with the calendar's currency ("10" → "$10"); one that does
 * keeps its own (a € cost stays €). A cost without numbers ("Free", "Donation") is shown as written.
 */
import { toSlug } from './slug.ts';

/** The calendar's currency (TEC's defaultCurrencySymbol / reverseCurrencyPosition / code). */
export type Currency = { symbol: string; position: 'prefix' | 'postfix'; code: string };

/** `text` as written, `number` with "." as its decimal point and no thousands separators. */
type CostValue = { text: string; number: string; value: number };

type ParsedCost = {
  /** What the text itself names: "" (and position "") when it names no symbol. */
  symbol: string;
  position: 'prefix' | 'postfix' | '';
  /** Ascending, without repeats. */
  values: CostValue[];
};

const NUMBER = /\d+(?:[.,]\d+)*/g;
const SYMBOL_BEFORE = /([^\d\s.,\-–—]+)\s?$/u;
const SYMBOL_AFTER = /^\s?([^\d\s.,\-–—]+)/u;

/** "1.000,50", "1,000.50", "25,55", "1,000", "12.50" → 1000.50, 1000.50, 25.55, 1000, 12.50. */
function normalNumber(text: string): string {
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let decimal: '.' | ',' | undefined;
  if (lastDot !== -1 && lastComma !== -1) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastComma !== -1) decimal = /^\d{1,3}(,\d{3})+$/.test(text) ? undefined : ',';
  else if (lastDot !== -1) decimal = /^\d{1,3}(\.\d{3}){2,}$/.test(text) ? undefined : '.';
  const thousands = decimal === ',' ? '.' : ',';
  let normal = text.split(thousands).join('');
  if (decimal === undefined) normal = normal.replace(/[.,]/g, '');
  else if (decimal === ',') normal = normal.replace(',', '.');
  return normal;
}

const NO_COST: ParsedCost = { symbol: '', position: '', values: [] };

/** TEC never stores a cost of "0" (PHP's empty("0")): alone, it is no cost at all. */
const isNoCost = (input: string) => input.trim() === '' || input.trim() === '0';

export function parseCost(input: string): ParsedCost {
  if (isNoCost(input)) return NO_COST;
  const matches = [...input.matchAll(NUMBER)];
  const first = matches[0];
  if (!first) return NO_COST;
  const before = SYMBOL_BEFORE.exec(input.slice(0, first.index))?.[1];
  const after = SYMBOL_AFTER.exec(input.slice(first.index + first[0].length))?.[1];
  const symbol = before ?? after ?? '';
  const position = symbol === '' ? '' : before === undefined ? 'postfix' : 'prefix';
  const seen = new Set<number>();
  const values = matches
    .map((match) => {
      const number = normalNumber(match[0]);
      return { text: match[0], number, value: Number(number) };
    })
    .filter((item) => Number.isFinite(item.value) && !seen.has(item.value) && seen.add(item.value))
    .sort((a, b) => a.value - b.value);
  return { symbol, position, values };
}

/** What TEC shows in `cost`: the event's own symbol, else the calendar's currency. */
export function formatCost(
  input: string,
  currency: Currency,
  parsed: ParsedCost = parseCost(input),
): string {
  const { values } = parsed;
  const low = values[0];
  const high = values.at(-1);
  if (!low || !high) return isNoCost(input) ? '' : input.trim();
  const symbol = parsed.symbol || currency.symbol;
  const position = parsed.position || currency.position;
  const show = (item: CostValue) =>
    item.value === 0
      ? 'Free'
      : position === 'prefix'
        ? `${symbol}${item.text}`
        : `${item.text}${symbol}`;
  return low === high ? show(low) : `${show(low)} – ${show(high)}`;
}

/**
 * The cost without any currency, as TEC's JSON-LD offer gives its price: "20" for "20$",
 * "Free – 30" for 0 to 30, a text without numbers as written.
 */
export function costAmounts(input: string, parsed: ParsedCost = parseCost(input)): string {
  const low = parsed.values[0];
  const high = parsed.values.at(-1);
  if (!low || !high) return isNoCost(input) ? '' : input.trim();
  const show = (item: CostValue) => (item.value === 0 ? 'Free' : item.text);
  return low === high ? show(low) : `${show(low)} – ${show(high)}`;
}

/**
 * `cost_details.values`: numeric strings as written, decimal point normalised to "." ("12.50");
 * a cost with no number ("Free") is one value, its text as a slug ("free"), as TEC's cost
 * parser keys it.
 */
export function costValueStrings(input: string, parsed: ParsedCost = parseCost(input)): string[] {
  if (parsed.values.length > 0) return parsed.values.map((item) => item.number);
  return isNoCost(input) ? [] : [toSlug(input)].filter(Boolean);
}

/** Costs sent as a list (["0", "20", "30"]) are stored as one text. */
export function joinCostList(items: readonly (string | number)[]): string {
  return items
    .map((item) => String(item).trim())
    .filter(Boolean)
    .join(', ');
}
