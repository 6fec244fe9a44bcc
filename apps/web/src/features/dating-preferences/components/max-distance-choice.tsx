// 'Maximum distance' (product rules, Distance and verification): 10, 25, 50, 100 or 250
// in the member's unit (km in Canada, miles elsewhere), or Anywhere. One row of choices,
// used by onboarding's age-range screen and by Profile Settings.
import { distanceUnitFor, MAX_DISTANCE_CHOICES, type MaxDistance } from '@bidboard/shared';
import clsx from 'clsx';
import { useDatingPreferencesText } from '../i18n';
import './max-distance-choice.css';

interface MaxDistanceChoiceProps {
  value: MaxDistance | null;
  country: string | null;
  onChange: (value: MaxDistance | null) => void;
  disabled?: boolean;
  /** Shown beside the legend, e.g. a 'Saved' indicator. */
  status?: React.ReactNode;
}

export function MaxDistanceChoice({
  value,
  country,
  onChange,
  disabled,
  status,
}: MaxDistanceChoiceProps) {
  const t = useDatingPreferencesText();
  const unitKey = distanceUnitFor(country) === 'km' ? 'maxDistance.km' : 'maxDistance.miles';
  const choices: { value: MaxDistance | null; label: string }[] = [
    ...MAX_DISTANCE_CHOICES.map((count) => ({ value: count, label: t(unitKey, { count }) })),
    { value: null, label: t('maxDistance.anywhere') },
  ];
  return (
    <fieldset className="max-distance" disabled={disabled}>
      <legend className="max-distance__legend">
        {t('maxDistance.label')}
        {status}
      </legend>
      <div className="max-distance__choices">
        {choices.map((choice) => (
          <label
            key={choice.label}
            className={clsx(
              'max-distance__choice focus-ring-within',
              choice.value === value && 'is-selected',
            )}
          >
            <input
              type="radio"
              name="max_distance"
              className="visually-hidden"
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <p className="max-distance__hint">{t('maxDistance.hint')}</p>
    </fieldset>
  );
}
