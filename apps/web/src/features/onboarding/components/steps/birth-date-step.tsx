// Step 0: date of birth from month, day and year selects (accounts §5 'Date of birth').
import { birthYearOptions, dayOptions, MONTH_OPTIONS, validateDateOfBirth } from '@bidboard/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { useLanguage } from '@/lib/i18n';
import { formatMonth } from '@/lib/i18n/format';
import { useOnboardingText } from '../../i18n';
import { required, StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

function partsOf(iso: string | null) {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? { year: m[1]!, month: String(Number(m[2])), day: String(Number(m[3])) } : null;
}

export function BirthDateStep({ user, save }: StepProps) {
  const t = useOnboardingText();
  const language = useLanguage();
  const state = useStepState();
  const initial = partsOf(user.birth_date);
  const [month, setMonth] = useState(initial?.month ?? '');
  const [day, setDay] = useState(initial?.day ?? '');
  const [year, setYear] = useState(initial?.year ?? '');
  const years = useMemo(() => birthYearOptions(new Date()), []);
  const days = dayOptions(Number(month) || undefined, Number(year) || undefined);
  // A day the chosen month does not have (31 February) is cleared rather than kept.
  const shownDay = day && Number(day) <= days.length ? day : '';

  const change = (set: (value: string) => void) => (value: string) => {
    set(value);
    state.setError(null);
  };

  return (
    <StepForm
      state={state}
      title={t('birthDate.title')}
      help={t('birthDate.help')}
      save={save}
      collect={() => ({
        birth_date: required(validateDateOfBirth({ month, day: shownDay, year }, new Date())),
      })}
    >
      <div className="ob-dob">
        <Select
          label={t('birthDate.month')}
          value={month}
          onChange={change(setMonth)}
          invalid={!!state.error}
        >
          {MONTH_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {formatMonth(o.value, language)}
            </option>
          ))}
        </Select>
        <Select
          label={t('birthDate.day')}
          value={shownDay}
          onChange={change(setDay)}
          invalid={!!state.error}
        >
          {days.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </Select>
        <Select
          label={t('birthDate.year')}
          value={year}
          onChange={change(setYear)}
          invalid={!!state.error}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </Select>
      </div>
    </StepForm>
  );
}

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  children: ReactNode;
}

export function Select({ label, value, onChange, invalid, children }: SelectProps) {
  return (
    <label className="ob-select">
      <span className="ob-label">{label}</span>
      <select
        className={
          value
            ? 'ob-input ob-select__control'
            : 'ob-input ob-select__control ob-select__control--empty'
        }
        value={value}
        aria-label={label}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="" disabled>
          {label}
        </option>
        {children}
      </select>
    </label>
  );
}
