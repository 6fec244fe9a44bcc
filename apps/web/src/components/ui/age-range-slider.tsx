// The two-handle age-range control (accounts §5 'Age-range control'): 18 to 60, step 1,
// handles at least 2 apart, 60 reads '60+'. Used by the wizard and by Profile Settings.
import { AGE_RANGE, AGE_RANGE_LABELS, type AgeRange, formatAgeValue } from '@bidboard/shared';
import * as Slider from '@radix-ui/react-slider';
import './age-range-slider.css';

interface AgeRangeSliderProps {
  value: AgeRange;
  /** Every move of a handle. */
  onChange: (range: AgeRange) => void;
  /** A handle was released. */
  onCommit?: (range: AgeRange) => void;
  disabled?: boolean;
}

export function AgeRangeSlider({ value, onChange, onCommit, disabled }: AgeRangeSliderProps) {
  const toRange = ([min = value.min, max = value.max]: number[]): AgeRange => ({ min, max });
  return (
    <Slider.Root
      className="age-slider"
      min={AGE_RANGE.min}
      max={AGE_RANGE.max}
      step={AGE_RANGE.step}
      minStepsBetweenThumbs={AGE_RANGE.minGap}
      value={[value.min, value.max]}
      onValueChange={(values) => onChange(toRange(values))}
      onValueCommit={onCommit ? (values) => onCommit(toRange(values)) : undefined}
      disabled={disabled}
    >
      <Slider.Track className="age-slider__track">
        <Slider.Range className="age-slider__range" />
      </Slider.Track>
      <Slider.Thumb
        className="age-slider__thumb"
        aria-label={AGE_RANGE_LABELS.min}
        aria-valuetext={formatAgeValue(value.min)}
      />
      <Slider.Thumb
        className="age-slider__thumb"
        aria-label={AGE_RANGE_LABELS.max}
        aria-valuetext={formatAgeValue(value.max)}
      />
    </Slider.Root>
  );
}
