// Date of birth as month / day / year selects; saved once all three are chosen and the
// shared rule (18 or older, a real date) passes.
import {
  birthYearOptions,
  type DateInput,
  dayOptions,
  MONTH_OPTIONS,
  type User,
  validateDateOfBirth,
} from '@bidboard/shared';
import { useId, useMemo } from 'react';
import { SettingsField } from '@/components/ui/settings-field/settings-field';
import { useLanguage } from '@/lib/i18n';
import { formatMonth } from '@/lib/i18n/format';
import { useProfileField } from '../hooks/use-profile-field';
import { useSettingsText } from '../i18n';

type Parts = { month: string; day: string; year: string };

function readParts(user: User): Parts {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(user.birth_date ?? '');
  if (!m) return { month: '', day: '', year: '' };
  return { year: m[1]!, month: String(Number(m[2])), day: String(Number(m[3])) };
}

export function BirthDateSetting({ user }: { user: User }) {
  const id = useId();
  const t = useSettingsText();
  const language = useLanguage();
  const field = useProfileField<Parts>({
    user,
    read: readParts,
    toChanges: (parts) => {
      const result = validateDateOfBirth(parts as DateInput, new Date());
      return result.ok ? { ok: true, value: { birth_date: result.value } } : result;
    },
  });
  const years = useMemo(() => birthYearOptions(new Date()), []);
  const { month, day, year } = field.value;
  const days = dayOptions(Number(month) || undefined, Number(year) || undefined);

  const change = (key: keyof Parts, next: string) => {
    const parts = { ...field.value, [key]: next };
    if (parts.month && parts.day && parts.year) void field.commit(parts);
    else field.setValue(parts);
  };

  return (
    <SettingsField
      label={t('birthDate.label')}
      status={field.status}
      error={field.error}
      errorId={`${id}-error`}
    >
      <div className="date-selects">
        <select
          className="settings-select"
          aria-label={t('birthDate.monthLabel')}
          value={month}
          onChange={(e) => change('month', e.target.value)}
        >
          <option value="">{t('birthDate.month')}</option>
          {MONTH_OPTIONS.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {formatMonth(o.value, language)}
            </option>
          ))}
        </select>
        <select
          className="settings-select"
          aria-label={t('birthDate.dayLabel')}
          value={day}
          onChange={(e) => change('day', e.target.value)}
        >
          <option value="">{t('birthDate.day')}</option>
          {days.map((d) => (
            <option key={d} value={String(d)}>
              {d}
            </option>
          ))}
        </select>
        <select
          className="settings-select"
          aria-label={t('birthDate.yearLabel')}
          value={year}
          onChange={(e) => change('year', e.target.value)}
        >
          <option value="">{t('birthDate.year')}</option>
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </div>
    </SettingsField>
  );
}
