// Step 5: ideal match age range on a two-handle slider (accounts §5 'Age-range control'):
// 18 to 60, handles at least 2 apart, 60 reads '60+'. After it, on the same screen (the
// spec's step numbers stay), the maximum distance and 'Verified members only' (issue 44).
import {
  AGE_RANGE_LABELS,
  type AgeRange,
  formatAgeValue,
  type MaxDistance,
} from '@bidboard/shared';
import { useState } from 'react';
import { AgeRangeSlider } from '@/components/ui/age-range-slider';
import { ToggleSwitch } from '@/components/ui/toggle-switch';
import { MaxDistanceChoice, usePreferenceSwitchTexts } from '@/features/dating-preferences';
import { useSharedText } from '@/lib/i18n';
import { useOnboardingText } from '../../i18n';
import { StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export function AgeRangeStep({ user, save }: StepProps) {
  const t = useOnboardingText();
  const { sharedText } = useSharedText();
  const state = useStepState();
  const [range, setRange] = useState<AgeRange>({
    min: user.ideal_match_age_min,
    max: user.ideal_match_age_max,
  });
  const texts = usePreferenceSwitchTexts();
  const [maxDistance, setMaxDistance] = useState(user.max_distance as MaxDistance | null);
  const [verifiedOnly, setVerifiedOnly] = useState(user.verified_only);
  return (
    <StepForm
      state={state}
      title={t('ageRange.title')}
      help={t('ageRange.help')}
      save={save}
      collect={() => ({
        ideal_match_age_min: range.min,
        ideal_match_age_max: range.max,
        max_distance: maxDistance,
        verified_only: verifiedOnly,
      })}
    >
      <div className="ob-range">
        <p className="ob-range__value" aria-live="polite">
          {range.min} – {formatAgeValue(range.max)}
        </p>
        <AgeRangeSlider value={range} onChange={setRange} />
        <div className="ob-range__labels">
          <span>
            {sharedText(AGE_RANGE_LABELS.min)} <strong>{range.min}</strong>
          </span>
          <span>
            {sharedText(AGE_RANGE_LABELS.max)} <strong>{formatAgeValue(range.max)}</strong>
          </span>
        </div>
      </div>
      <div className="ob-preferences">
        <MaxDistanceChoice value={maxDistance} country={user.country} onChange={setMaxDistance} />
        <ToggleSwitch
          label={texts.verifiedOnly.label}
          description={texts.verifiedOnly.description}
          checked={verifiedOnly}
          onCheckedChange={setVerifiedOnly}
        />
      </div>
    </StepForm>
  );
}
