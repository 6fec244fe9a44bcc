// Ideal match age range on a two-handle slider (accounts §5 'Age-range control'): 18 to 60,
// handles at least 2 apart, 60 reads '60+'. Saved when a handle is released, and only when
// min or max actually changed.
import {
  AGE_RANGE_LABELS,
  type AgeRange,
  ageRangeChanged,
  formatAgeValue,
  type User,
  validateAgeRange,
} from '@bidboard/shared';
import { useEffect, useState } from 'react';
import { AgeRangeSlider } from '@/components/ui/age-range-slider';
import { SettingsField } from '@/components/ui/settings-field/settings-field';
import { useSharedText } from '@/lib/i18n';
import { useProfileField } from '../hooks/use-profile-field';
import { useSettingsText } from '../i18n';

const readRange = (u: User): AgeRange => ({
  min: u.ideal_match_age_min,
  max: u.ideal_match_age_max,
});

export function AgeRangeSetting({ user }: { user: User }) {
  const t = useSettingsText();
  const { sharedText } = useSharedText();
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

  const release = (next: AgeRange) => {
    if (ageRangeChanged(field.committed, next)) void field.commit(next);
  };

  return (
    <SettingsField label={t('ageRange.label')} status={field.status} error={field.error}>
      <div className="age-range">
        <div className="age-range__values">
          <span>
            <span className="age-range__caption">{sharedText(AGE_RANGE_LABELS.min)}</span>
            <strong>{formatAgeValue(draft.min)}</strong>
          </span>
          <span>
            <span className="age-range__caption">{sharedText(AGE_RANGE_LABELS.max)}</span>
            <strong>{formatAgeValue(draft.max)}</strong>
          </span>
        </div>
        <AgeRangeSlider
          value={draft}
          onChange={setDraft}
          onCommit={release}
          disabled={field.status === 'saving'}
        />
      </div>
    </SettingsField>
  );
}
