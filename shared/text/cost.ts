/**
 * Event costs the way TEC reads them (Tribe__Events__Cost_Utils): the currency symbol and its
 * position from the text ("20$", "€6.50 - €8.50", "R$ 20"), every number in it with either
 * decimal separator ("25,55" is 25.55), and the formatted cost ("Free" for 0, "min – max").
 * A cost without numbers ("Donation") is shown as written.
 */

export type CostValue = { text: string; value: number };

export type ParsedCost = {
  symbol: string;
  position: 'prefix' | 'postfix';
  /** Ascending, without repeats. */
  values: CostValue[];
};

const NUMBER = /\d+(?:[.,]\d+)*/g;
const SYMBOL_BEFORE = /([^\d\s.,\-–—]+)\s?$/u;
const SYMBOL_AFTER = /^\s?([^\d\s.,\-–—]+)/u;

/** "1.000,50", "1,000.50", "25,55", "1,000" → 1000.5, 1000.5, 25.55, 1000. */
function toNumber(text: string): number {
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
  return Number(normal);
}

export function parseCost(input: string): ParsedCost {
  const matches = [...input.matchAll(NUMBER)];
  const first = matches[0];
  if (!first) return { symbol: '', position: 'prefix', values: [] };
  const before = SYMBOL_BEFORE.exec(input.slice(0, first.index))?.[1];
  const after = SYMBOL_AFTER.exec(input.slice(first.index + first[0].length))?.[1];
  const symbol = before ?? after ?? '';
  const position = before === undefined && after !== undefined ? 'postfix' : 'prefix';
  const seen = new Set<number>();
  const values = matches
    .map((match) => ({ text: match[0], value: toNumber(match[0]) }))
    .filter((item) => Number.isFinite(item.value) && !seen.has(item.value) && seen.add(item.value))
    .sort((a, b) => a.value - b.value);
  return { symbol, position, values };
}

/** What TEC shows in `cost`. */
export function formatCost(input: string, parsed: ParsedCost = parseCost(input)): string {
  const { values, symbol, position } = parsed;
  const low = values[0];
  const high = values.at(-1);
  if (!low || !high) return input.trim();
  const show = (item: CostValue) =>
    item.value === 0
      ? 'Free'
      : position === 'prefix'
        ? `${symbol}${item.text}`
        : `${item.text}${symbol}`;
  return low === high ? show(low) : `${show(low)} – ${show(high)}`;
}

/** `cost_details.values`: numeric strings, decimal point normalised to ".". */
export function costValueStrings(parsed: ParsedCost): string[] {
  return parsed.values.map((item) => String(item.value));
}

/** Costs sent as a list (["0", "20", "30"]) are stored as one text. */
export function joinCostList(items: readonly (string | number)[]): string {
  return items
    .map((item) => String(item).trim())
    .filter(Boolean)
    .join(', ');
}
