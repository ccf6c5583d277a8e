/**
 * An event's cost in TEC's importer columns, both ways. Marquee keeps a cost as typed ("$6",
 * "4 – 6", "20€") and reads its currency from the text, as TEC's REST API does on a write; TEC's
 * CSV importer instead stores `event_cost` as given and the currency from its own two columns
 * (`event_currency_symbol`, and `event_currency_position`: "suffix" or "after" anywhere in it is
 * after the amount, anything else before). So an export names the cost's currency in those
 * columns, and writes the amount alone where the import puts the symbol back to the same text:
 * a spreadsheet then holds numbers, TEC's importer shows what Marquee shows, and importing the
 * file into Marquee again changes nothing.
 */
import { parseCost } from '#shared/text/cost.ts';

/** TEC's `get_currency_position`: its "after" aliases, else before the amount. */
const AFTER_THE_AMOUNT = /suffix|after/i;

/** Numbers and what joins them ("4 – 6", "12.50, 15"): an amount that takes a symbol. */
const AMOUNTS = /^[\d.,\s–-]+$/;

type CostColumns = {
  event_cost: string;
  event_currency_symbol: string;
  event_currency_position: '' | 'prefix' | 'suffix';
};

/** The cost a row's three columns give (undefined for none). */
export function costFromColumns(
  cost: string,
  symbol: string,
  position: string,
): string | undefined {
  const amount = cost.trim();
  const currency = symbol.trim();
  if (!amount) return undefined;
  if (!currency || !AMOUNTS.test(amount)) return amount;
  return AFTER_THE_AMOUNT.test(position) ? `${amount}${currency}` : `${currency}${amount}`;
}

/** The columns that give `cost` back, in Marquee and in TEC's importer alike. */
export function costColumns(cost: string): CostColumns {
  const text = cost.trim();
  // "0" alone is no cost to TEC's API (and Marquee's), but a cost of 0, "Free", to its importer.
  if (text === '0')
    return { event_cost: '', event_currency_symbol: '', event_currency_position: '' };
  const { symbol, position } = parseCost(text);
  if (!symbol) return { event_cost: cost, event_currency_symbol: '', event_currency_position: '' };
  const after = position === 'postfix';
  const amount = after
    ? text.endsWith(symbol) && text.slice(0, -symbol.length)
    : text.startsWith(symbol) && text.slice(symbol.length);
  const side = after ? 'suffix' : 'prefix';
  // Only where the import gives the same text back ("$6", not "$4 – $6" nor "R$ 20").
  const alone = amount && costFromColumns(amount, symbol, side) === text;
  return {
    event_cost: alone ? amount : cost,
    event_currency_symbol: symbol,
    event_currency_position: side,
  };
}
