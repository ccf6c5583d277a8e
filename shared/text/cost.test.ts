import { describe, expect, it } from 'vitest';
import { costValueStrings, formatCost, joinCostList, parseCost } from './cost.ts';

describe('costs (TEC’s rules)', () => {
  it.each([
    ['20$', { symbol: '$', position: 'postfix', values: ['20'] }, '20$'],
    ['$23', { symbol: '$', position: 'prefix', values: ['23'] }, '$23'],
    ['€6.50 - €8.50', { symbol: '€', position: 'prefix', values: ['6.5', '8.5'] }, '€6.50 – €8.50'],
    ['25,55 €', { symbol: '€', position: 'postfix', values: ['25.55'] }, '25,55€'],
    ['R$ 20 - R$ 35', { symbol: 'R$', position: 'prefix', values: ['20', '35'] }, 'R$20 – R$35'],
    ['1.000,50 лв', { symbol: 'лв', position: 'postfix', values: ['1000.5'] }, '1.000,50лв'],
    ['$1,000', { symbol: '$', position: 'prefix', values: ['1000'] }, '$1,000'],
    ['0', { symbol: '', position: 'prefix', values: ['0'] }, 'Free'],
    ['Donation', { symbol: '', position: 'prefix', values: [] }, 'Donation'],
  ])('%s', (input, expected, shown) => {
    const parsed = parseCost(input);
    expect({
      symbol: parsed.symbol,
      position: parsed.position,
      values: costValueStrings(parsed),
    }).toEqual(expected);
    expect(formatCost(input)).toBe(shown);
  });

  it('formats a list of costs as a range from Free', () => {
    const joined = joinCostList(['0$', '20$', '30$']);
    expect(formatCost(joined)).toBe('Free – 30$');
    expect(costValueStrings(parseCost(joined))).toEqual(['0', '20', '30']);
  });

  it('sorts values and drops repeats', () => {
    expect(costValueStrings(parseCost('30, 10, 20, 10'))).toEqual(['10', '20', '30']);
  });
});
