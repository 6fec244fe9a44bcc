import { AGE_RANGE, type AgeRange } from '@bidboard/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgeRangeSlider } from './age-range-slider';

// 42 steps over 28 px handles: the root is 448 px wide, so one step is 10 px.
const WIDTH = 448;

function Harness({ start, onCommit }: { start: AgeRange; onCommit: (r: AgeRange) => void }) {
  const [range, setRange] = useState(start);
  return <AgeRangeSlider value={range} onChange={setRange} onCommit={onCommit} />;
}

function renderSlider(start: AgeRange) {
  const onCommit = vi.fn();
  render(<Harness start={start} onCommit={onCommit} />);
  const [min, max] = screen.getAllByRole('slider') as [HTMLElement, HTMLElement];
  const root = min.closest('.age-slider') as HTMLElement;
  vi.spyOn(root, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    right: WIDTH,
    bottom: 32,
    width: WIDTH,
    height: 32,
    toJSON: () => ({}),
  });
  return { min, max, onCommit };
}

const drag = (handle: HTMLElement, fromX: number, toX: number) => {
  fireEvent.pointerDown(handle, { pointerId: 1, clientX: fromX, button: 0 });
  fireEvent.pointerMove(handle, { pointerId: 1, clientX: toX });
  fireEvent.pointerUp(handle, { pointerId: 1, clientX: toX });
};

beforeEach(() => {
  // Radix measures the handles; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('AgeRangeSlider', () => {
  it('at 58–60+ both handles are their own: each can be grabbed and dragged without a jump', () => {
    const { min, max, onCommit } = renderSlider({ min: 58, max: AGE_RANGE.max });
    expect(min.className).toContain('age-slider__thumb--min');
    expect(max.className).toContain('age-slider__thumb--max');
    // Each handle, grabbed anywhere on it, moves by how far the finger moves: 3 steps.
    drag(min, 380, 350);
    expect(min.getAttribute('aria-valuenow')).toBe('55');
    drag(max, 420, 390);
    expect(max.getAttribute('aria-valuenow')).toBe('57');
    expect(min.getAttribute('aria-valuenow')).toBe('55');
    expect(onCommit).toHaveBeenLastCalledWith({ min: 55, max: 57 });
  });

  it('a grabbed handle that barely moves stays put, and the gap of 2 holds', () => {
    const { min, max, onCommit } = renderSlider({ min: 58, max: AGE_RANGE.max });
    drag(min, 380, 383);
    expect(min.getAttribute('aria-valuenow')).toBe('58');
    expect(onCommit).not.toHaveBeenCalled();
    drag(min, 380, 440);
    expect(min.getAttribute('aria-valuenow')).toBe('58');
    drag(min, 380, 300);
    expect(min.getAttribute('aria-valuenow')).toBe('50');
    expect(max.getAttribute('aria-valuenow')).toBe('60');
    expect(onCommit).toHaveBeenLastCalledWith({ min: 50, max: 60 });
  });
});
