// Ideal match age range on a two-handle slider (accounts §5 'Age-range control'): 18 to 60,
// handles at least 2 apart, 60 reads '60+'. Saved when a handle is released, and only when
// min or max actually changed.
import {
  AGE_RANGE,
  AGE_RANGE_LABELS,
  type AgeRange,
  ageRangeChanged,
  formatAgeValue,
  type User,
  validateAgeRange,
} from '@bidboard/shared';
import * as Slider from '@radix-ui/react-slider';
import { useEffect, useState } from 'react';
import { SettingsField } from '@/components/ui/settings-field';
import { useProfileField } from '../hooks/use-profile-field';

const readRange = (u: User): AgeRange => ({
  min: u.ideal_match_age_min,
  max: u.ideal_match_age_max,
});

export function AgeRangeSetting({ user }: { user: User }) {
  const field = useProfileField<AgeRange>({
    user,
    read: readRange,
    toChanges: (range) => {
      const result = validateAgeRange(range);
      return result.ok
        ? {
            ok: true,
            value: { ideal_match_age_min: result.value.min, ideal_match_age_max: result.value.max },
          }
        : result;
    },
  });
  // While a handle moves only the labels follow; the field saves on release.
  const [draft, setDraft] = useState<AgeRange>(field.value);
  useEffect(() => setDraft(field.value), [field.value]);

  const release = ([min = draft.min, max = draft.max]: number[]) => {
    const next = { min, max };
    if (ageRangeChanged(field.committed, next)) void field.commit(next);
  };

  return (
    <SettingsField label="Age range" status={field.status} error={field.error}>
      <div className="age-range">
        <div className="age-range__values">
          <span>
            <span className="age-range__caption">{AGE_RANGE_LABELS.min}</span>
            <strong>{formatAgeValue(draft.min)}</strong>
          </span>
          <span>
            <span className="age-range__caption">{AGE_RANGE_LABELS.max}</span>
            <strong>{formatAgeValue(draft.max)}</strong>
          </span>
        </div>
        <Slider.Root
          className="age-range__slider"
          min={AGE_RANGE.min}
          max={AGE_RANGE.max}
          step={AGE_RANGE.step}
          minStepsBetweenThumbs={AGE_RANGE.minGap}
          value={[draft.min, draft.max]}
          onValueChange={([min = draft.min, max = draft.max]) => setDraft({ min, max })}
          onValueCommit={release}
          disabled={field.status === 'saving'}
        >
          <Slider.Track className="age-range__track">
            <Slider.Range className="age-range__range" />
          </Slider.Track>
          <Slider.Thumb
            className="age-range__thumb"
            aria-label={AGE_RANGE_LABELS.min}
            aria-valuetext={formatAgeValue(draft.min)}
          />
          <Slider.Thumb
            className="age-range__thumb"
            aria-label={AGE_RANGE_LABELS.max}
            aria-valuetext={formatAgeValue(draft.max)}
          />
        </Slider.Root>
      </div>
    </SettingsField>
  );
}
