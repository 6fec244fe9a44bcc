// The two-handle age-range control (accounts §5 'Age-range control'): 18 to 60, step 1,
// handles at least 2 apart, 60 reads '60+'. Used by the wizard and by Profile Settings.
// Two steps are narrower than a handle, so the handles never share a spot: the lower one
// is drawn just left of its value and the upper one just right of its own. A handle
// dragged by the finger moves by how far the finger moves (not to where it is), so
// grabbing one never makes it jump; a tap on the track still moves the nearer handle there.
import { AGE_RANGE, AGE_RANGE_LABELS, type AgeRange, formatAgeValue } from '@bidboard/shared';
import * as Slider from '@radix-ui/react-slider';
import { type PointerEvent, useRef } from 'react';
import { useSharedText } from '@/lib/i18n';
import './age-range-slider.css';

/** The handles' width (age-range-slider.css): the part of the root they cannot travel. */
const THUMB_PX = 28;

interface AgeRangeSliderProps {
  value: AgeRange;
  /** Every move of a handle. */
  onChange: (range: AgeRange) => void;
  /** A handle was released. */
  onCommit?: (range: AgeRange) => void;
  disabled?: boolean;
}

type Handle = 'min' | 'max';

interface Drag {
  handle: Handle;
  pointerId: number;
  startX: number;
  start: AgeRange;
  pxPerStep: number;
  latest: AgeRange;
}

/** The range with one handle moved to `to`, kept in bounds and the minimum gap apart. */
function moveHandle(range: AgeRange, handle: Handle, to: number): AgeRange {
  const { min, max, minGap } = AGE_RANGE;
  return handle === 'min'
    ? { min: Math.min(Math.max(to, min), range.max - minGap), max: range.max }
    : { min: range.min, max: Math.max(Math.min(to, max), range.min + minGap) };
}

export function AgeRangeSlider({ value, onChange, onCommit, disabled }: AgeRangeSliderProps) {
  const { sharedText } = useSharedText();
  const root = useRef<HTMLSpanElement>(null);
  const drag = useRef<Drag | null>(null);
  const toRange = ([min = value.min, max = value.max]: number[]): AgeRange => ({ min, max });

  // preventDefault keeps Radix's own pointer handling (absolute positioning) out of a drag
  // that started on a handle.
  const grab = (handle: Handle) => (event: PointerEvent<HTMLSpanElement>) => {
    const width = root.current?.getBoundingClientRect().width ?? 0;
    if (disabled || width <= THUMB_PX) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    const steps = (AGE_RANGE.max - AGE_RANGE.min) / AGE_RANGE.step;
    drag.current = {
      handle,
      pointerId: event.pointerId,
      startX: event.clientX,
      start: value,
      pxPerStep: (width - THUMB_PX) / steps,
      latest: value,
    };
  };
  const slide = (event: PointerEvent<HTMLSpanElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    event.preventDefault();
    const steps = Math.round((event.clientX - current.startX) / current.pxPerStep);
    const next = moveHandle(
      current.start,
      current.handle,
      current.start[current.handle] + steps * AGE_RANGE.step,
    );
    if (next.min === current.latest.min && next.max === current.latest.max) return;
    current.latest = next;
    onChange(next);
  };
  const release = (event: PointerEvent<HTMLSpanElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    event.preventDefault();
    drag.current = null;
    const { start, latest } = current;
    if (latest.min !== start.min || latest.max !== start.max) onCommit?.(latest);
  };
  const handleProps = (handle: Handle) => ({
    className: `age-slider__thumb age-slider__thumb--${handle}`,
    onPointerDown: grab(handle),
    onPointerMove: slide,
    onPointerUp: release,
    onPointerCancel: release,
  });

  return (
    <Slider.Root
      ref={root}
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
        {...handleProps('min')}
        aria-label={sharedText(AGE_RANGE_LABELS.min)}
        aria-valuetext={formatAgeValue(value.min)}
      />
      <Slider.Thumb
        {...handleProps('max')}
        aria-label={sharedText(AGE_RANGE_LABELS.max)}
        aria-valuetext={formatAgeValue(value.max)}
      />
    </Slider.Root>
  );
}
