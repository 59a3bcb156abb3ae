import { describe, expect, it } from 'vitest';
import { setChosenLanguage } from '../i18n/languages';
import { formatPhone } from './phone';
import { formatMoney } from './money';
import { formatDay } from './dates';
import { formatDayTime, formatClockTime } from './date-format';

describe('formats by language', () => {
  it('writes phone numbers for English, and as stored when they are no US number', () => {
    setChosenLanguage('en');
    expect(formatPhone('5550000001')).toBe('(555) 000-0001');
    expect(formatPhone('15550000001')).toBe('+1 (555) 000-0001');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('555-abc')).toBe('555-abc');
  });

  it('writes phone numbers, money and dates for Chinese', () => {
    setChosenLanguage('zh-CN');
    expect(formatPhone('5550000001')).toBe('555 000 0001');
    expect(formatPhone('15550000001')).toBe('155 5000 0001');
    expect(formatMoney(123450)).toBe('US$1,234.50');
    const date = new Date(2026, 11, 31, 14, 5);
    expect(formatDay(date.toISOString())).toBe('2026年12月31日');
    expect(formatDayTime(date)).toBe('2026年12月31日 14:05');
    expect(formatClockTime(date)).toBe('14:05');
  });

  it('keeps the English forms while no language is chosen', () => {
    const date = new Date(2026, 11, 31, 14, 5);
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatDay(date.toISOString())).toBe('Dec 31, 2026');
    expect(formatClockTime(date)).toBe('2:05 PM');
    expect(formatPhone('5550000001')).toBe('5550000001');
  });
});
