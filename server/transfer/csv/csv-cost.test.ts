import { describe, expect, it } from 'vitest';
import { costColumns, costFromColumns } from './csv-cost.ts';

describe('a cost in TEC’s importer columns', () => {
  it('writes the amount alone beside its currency where the import gives the text back', () => {
    expect(costColumns('$6')).toEqual({
      event_cost: '6',
      event_currency_symbol: '$',
      event_currency_position: 'prefix',
    });
    expect(costColumns('20€')).toEqual({
      event_cost: '20',
      event_currency_symbol: '€',
      event_currency_position: 'suffix',
    });
    expect(costColumns('$4 – 6').event_cost).toBe('4 – 6');
    // The symbol twice, or apart from the amount: as typed, with its currency named.
    expect(costColumns('$4 – $6')).toMatchObject({
      event_cost: '$4 – $6',
      event_currency_symbol: '$',
    });
    expect(costColumns('R$ 20')).toMatchObject({
      event_cost: 'R$ 20',
      event_currency_symbol: 'R$',
    });
    expect(costColumns('4 – 6')).toEqual({
      event_cost: '4 – 6',
      event_currency_symbol: '',
      event_currency_position: '',
    });
    expect(costColumns('0').event_cost).toBe('');
  });

  it('reads back every cost it writes, as typed', () => {
    for (const cost of [
      '$6',
      '6',
      '4 – 6',
      '20€',
      '$4 – $6',
      '€6.50 - €8.50',
      'R$ 20',
      'Free',
      '',
    ]) {
      const columns = costColumns(cost);
      expect(
        costFromColumns(
          columns.event_cost,
          columns.event_currency_symbol,
          columns.event_currency_position,
        ) ?? '',
        cost,
      ).toBe(cost);
    }
  });

  it('takes TEC’s words for a symbol after the amount', () => {
    expect(costFromColumns('5', '€', 'After the amount')).toBe('5€');
    expect(costFromColumns('5', '€', 'SUFFIX')).toBe('5€');
    expect(costFromColumns('5', '€', 'postfix')).toBe('€5');
    expect(costFromColumns(' 5 ', '', 'suffix')).toBe('5');
  });
});
