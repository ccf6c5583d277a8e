import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, RESOURCES } from '#shared/i18n/resources.ts';
import type { Language } from '#shared/languages.ts';
import { dayFormats } from '../../hooks/use-date-format.ts';
import { repeatFormOf } from './repeat-read.ts';
import { blankRepeat, type RepeatForm } from './repeat-rule.ts';
import { choiceLabel, ruleSentence } from './rule-sentence.ts';

// Tuesday 8 December 2026: the 2nd Tuesday of its month.
const TUESDAY = '2026-12-08';
const start = { date: TUESDAY, allDay: true, timezone: 'Europe/Berlin' };

async function wordsIn(language: Language) {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: RESOURCES,
    lng: language,
    lowerCaseLng: true, // as the app's (the resources' keys are pt-br, zh-hans)
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  const t = i18n.t.bind(i18n) as TFunction;
  const days = dayFormats(language);
  return {
    sentence: (rule: string) => ruleSentence(repeatFormOf(rule, start), TUESDAY, t, days),
    form: (form: RepeatForm) => ruleSentence(form, TUESDAY, t, days),
    label: (choice: RepeatForm['choice'], date = TUESDAY) => choiceLabel(choice, date, t, days),
  };
}

describe('the rule in English', async () => {
  const en = await wordsIn('en');

  it('says how often, on which days, and until when', () => {
    expect(en.sentence('FREQ=MONTHLY;BYDAY=2TU;UNTIL=20270630')).toBe(
      'Every 2nd Tuesday until June 30, 2027',
    );
    expect(en.sentence('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10')).toBe(
      'Every 2 weeks on Monday and Thursday, 10 times',
    );
    expect(en.sentence('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBe('Every weekday');
    expect(en.sentence('FREQ=DAILY;COUNT=1')).toBe('Every day, once');
    expect(en.sentence('FREQ=DAILY;INTERVAL=3')).toBe('Every 3 days');
    expect(en.sentence('FREQ=MONTHLY;BYDAY=-1FR')).toBe('Every last Friday');
    expect(en.sentence('FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO')).toBe(
      'Every 3 months on the 1st Monday',
    );
    expect(en.sentence('FREQ=YEARLY')).toBe('Every year on December 8');
  });

  it('gives days of the month as ordinals', () => {
    expect(en.sentence('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Every month on the 1st');
    expect(en.sentence('FREQ=MONTHLY;BYMONTHDAY=22')).toBe('Every month on the 22nd');
    expect(en.sentence('FREQ=MONTHLY;BYMONTHDAY=13')).toBe('Every month on the 13th');
    expect(en.sentence('FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=3')).toBe('Every 2 months on the 3rd');
  });

  it('shows a rule it cannot word as it is, and nothing for no rule', () => {
    expect(en.sentence('FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU')).toBe(
      'Repeats by the rule FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    );
    expect(en.form(blankRepeat(TUESDAY))).toBe('');
  });

  it('names the presets after the start date', () => {
    expect(en.label('weekly')).toBe('Weekly on Tuesday');
    expect(en.label('monthly')).toBe('Monthly on the 2nd Tuesday');
    expect(en.label('monthlyLast', '2026-12-22')).toBe('Monthly on the last Tuesday');
    expect(en.label('yearly')).toBe('Yearly on December 8');
    expect(en.label('weekdays')).toBe('Every weekday (Mon–Fri)');
  });
});

describe('the rule in Japanese', async () => {
  const ja = await wordsIn('ja');

  it('has its own word order, counters and dates', () => {
    expect(ja.sentence('FREQ=MONTHLY;BYDAY=2TU;UNTIL=20270630')).toBe(
      '毎月第2火曜日、2027年6月30日まで',
    );
    expect(ja.sentence('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10')).toBe(
      '2週間ごとの月曜日、木曜日、10回',
    );
    expect(ja.sentence('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBe('毎週平日');
    expect(ja.sentence('FREQ=DAILY;COUNT=1')).toBe('毎日、1回');
    expect(ja.sentence('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('毎月1日');
    expect(ja.sentence('FREQ=MONTHLY;BYDAY=-1FR')).toBe('毎月最終金曜日');
    expect(ja.label('monthly')).toBe('毎月第2火曜日');
    expect(ja.label('yearly')).toBe('毎年12月8日');
  });
});

describe('words that agree with the weekday', () => {
  it('take its gender (Portuguese, Bulgarian)', async () => {
    const pt = await wordsIn('pt-br');
    expect(pt.sentence('FREQ=MONTHLY;BYDAY=2TU')).toBe('Cada segunda terça-feira do mês');
    expect(pt.sentence('FREQ=MONTHLY;BYDAY=-1SA')).toBe('Cada último sábado do mês');
    const bg = await wordsIn('bg');
    expect(bg.sentence('FREQ=MONTHLY;BYDAY=2TU')).toBe('Всеки месец: втори вторник');
    expect(bg.sentence('FREQ=MONTHLY;BYDAY=-1SU')).toBe('Всеки месец: последна неделя');
  });

  it('and French says 1er for the first day of the month', async () => {
    const fr = await wordsIn('fr');
    expect(fr.sentence('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Tous les mois le 1er');
    expect(fr.sentence('FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3')).toBe('Tous les mois le 15, 3 fois');
  });
});
