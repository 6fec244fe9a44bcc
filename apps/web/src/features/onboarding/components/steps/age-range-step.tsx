// Step 5: ideal match age range on a two-handle slider (accounts §5 'Age-range control'):
// 18 to 60, handles at least 2 apart, 60 reads '60+'.
import { AGE_RANGE_LABELS, type AgeRange, formatAgeValue } from '@bidboard/shared';
import { useState } from 'react';
import { AgeRangeSlider } from '@/components/ui/age-range-slider';
import { StepForm, useStepState } from '../step-form';
import type { StepProps } from './step-props';

export function AgeRangeStep({ user, save }: StepProps) {
  const state = useStepState();
  const [range, setRange] = useState<AgeRange>({
    min: user.ideal_match_age_min,
    max: user.ideal_match_age_max,
  });
  return (
    <StepForm
      state={state}
      title="What ages are you into?"
      help="Drag both ends. You can change this later."
      save={save}
      collect={() => ({ ideal_match_age_min: range.min, ideal_match_age_max: range.max })}
    >
      <div className="ob-range">
        <p className="ob-range__value" aria-live="polite">
          {range.min} – {formatAgeValue(range.max)}
        </p>
        <AgeRangeSlider value={range} onChange={setRange} />
        <div className="ob-range__labels">
          <span>
            {AGE_RANGE_LABELS.min} <strong>{range.min}</strong>
          </span>
          <span>
            {AGE_RANGE_LABELS.max} <strong>{formatAgeValue(range.max)}</strong>
          </span>
        </div>
      </div>
    </StepForm>
  );
}
