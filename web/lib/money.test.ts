// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('formats cents as US dollars with two decimals', () => {
    expect(formatMoney(1999)).toBe('$19.99');
    expect(formatMoney(3999)).toBe('$39.99');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(100)).toBe('$1.00');
  });

  it('groups thousands', () => {
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
  });
});
