import { describe, expect, it } from 'vitest';
import {
  pagingParams,
  wpBoolean,
  wpIdList,
  wpPositiveInteger,
  wpStatusList,
  wpTruthy,
} from './wp-params.ts';

describe('WordPress parameter types', () => {
  it('reads integers from numbers and numeric strings only', () => {
    expect(wpPositiveInteger.parse('12')).toBe(12);
    expect(wpPositiveInteger.parse(3)).toBe(3);
    for (const bad of ['foo', '-1', '0', 'foo bar', 1.5, ''])
      expect(wpPositiveInteger.safeParse(bad).success).toBe(false);
  });

  it('accepts the boolean spellings WordPress accepts', () => {
    for (const yes of [true, 'true', '1', 1, 'TRUE']) expect(wpBoolean.parse(yes)).toBe(true);
    for (const no of [false, 'false', '0', 0, '']) expect(wpBoolean.parse(no)).toBe(false);
    expect(wpBoolean.safeParse('yes').success).toBe(false);
  });

  it('reads truthiness like tribe_is_truthy', () => {
    expect(wpTruthy.parse('yes')).toBe(true);
    expect(wpTruthy.parse('on')).toBe(true);
    expect(wpTruthy.parse('false')).toBe(false);
    expect(wpTruthy.parse('anything')).toBe(false);
  });

  it('splits CSV lists (with spaces) and arrays', () => {
    expect(wpIdList.parse('1, 2,3')).toEqual([1, 2, 3]);
    expect(wpIdList.parse(['4', 5])).toEqual([4, 5]);
    expect(wpIdList.safeParse('1,foo').success).toBe(false);
    expect(wpStatusList.parse('publish, draft')).toEqual(['publish', 'draft']);
    expect(wpStatusList.safeParse('foo, bar, publish').success).toBe(false);
  });

  it('caps per_page at 50 and defaults paging', () => {
    expect(pagingParams.per_page.parse('100')).toBe(50);
    expect(pagingParams.per_page.parse(undefined)).toBe(10);
    expect(pagingParams.page.parse(undefined)).toBe(1);
  });
});
