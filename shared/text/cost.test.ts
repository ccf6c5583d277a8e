import { describe, expect, it } from 'vitest';
import {
  costAmounts,
  costValueStrings,
  formatCost,
  joinCostList,
  parseCost,
  type Currency,
} from './cost.ts';

const DOLLAR: Currency = { symbol: '$', position: 'prefix', code: 'USD' };
const KRONA: Currency = { symbol: ' kr', position: 'postfix', code: 'SEK' };

describe('costs (TEC’s rules)', () => {
  it.each([
    ['20$', { symbol: '$', position: 'postfix', values: ['20'] }, '20$'],
    ['$23', { symbol: '$', position: 'prefix', values: ['23'] }, '$23'],
    ['$25', { symbol: '$', position: 'prefix', values: ['25'] }, '$25'],
    [
      '€6.50 - €8.50',
      { symbol: '€', position: 'prefix', values: ['6.50', '8.50'] },
      '€6.50 – €8.50',
    ],
    ['25,55 €', { symbol: '€', position: 'postfix', values: ['25.55'] }, '25,55€'],
    ['R$ 20 - R$ 35', { symbol: 'R$', position: 'prefix', values: ['20', '35'] }, 'R$20 – R$35'],
    ['1.000,50 лв', { symbol: 'лв', position: 'postfix', values: ['1000.50'] }, '1.000,50лв'],
    ['$1,000', { symbol: '$', position: 'prefix', values: ['1000'] }, '$1,000'],
    // No symbol of its own: the calendar's currency shows, and cost_details stays empty.
    ['10', { symbol: '', position: '', values: ['10'] }, '$10'],
    // The digits as written (TEC 6.17.2 answers "12.50"), the decimal point made a point.
    ['12.50', { symbol: '', position: '', values: ['12.50'] }, '$12.50'],
    ['0, 20, 30', { symbol: '', position: '', values: ['0', '20', '30'] }, 'Free – $30'],
    // "0" alone is no cost (TEC never stores it); texts are shown as written, keyed as slugs.
    ['0', { symbol: '', position: '', values: [] }, ''],
    ['', { symbol: '', position: '', values: [] }, ''],
    ['Free', { symbol: '', position: '', values: ['free'] }, 'Free'],
    [
      'Pay what you can',
      { symbol: '', position: '', values: ['pay-what-you-can'] },
      'Pay what you can',
    ],
  ])('%s', (input, expected, shown) => {
    const parsed = parseCost(input);
    expect({
      symbol: parsed.symbol,
      position: parsed.position,
      values: costValueStrings(input, parsed),
    }).toEqual(expected);
    expect(formatCost(input, DOLLAR)).toBe(shown);
  });

  it('formats a list of costs as a range from Free', () => {
    const joined = joinCostList(['0$', '20$', '30$']);
    expect(formatCost(joined, KRONA)).toBe('Free – 30$');
    expect(costValueStrings(joined)).toEqual(['0', '20', '30']);
  });

  it('puts the calendar’s symbol where its position says, and keeps a cost’s own', () => {
    expect(formatCost('150', KRONA)).toBe('150 kr');
    expect(formatCost('100 - 150', KRONA)).toBe('100 kr – 150 kr');
    expect(formatCost('€12', KRONA)).toBe('€12');
  });

  it('gives the amounts without a currency, as TEC’s JSON-LD offers their price', () => {
    expect(costAmounts('20$')).toBe('20');
    expect(costAmounts('€6.50 - €8.50')).toBe('6.50 – 8.50');
    expect(costAmounts(joinCostList(['0', '20', '30']))).toBe('Free – 30');
    expect(costAmounts('Donation')).toBe('Donation');
    expect(costAmounts('0')).toBe('');
  });

  it('sorts values and drops repeats', () => {
    expect(costValueStrings('30, 10, 20, 10')).toEqual(['10', '20', '30']);
  });
});
