import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DigitBoxes, emptyDigits } from './digit-boxes';

function Harness({ onComplete }: { onComplete?: (code: string) => void }) {
  const [digits, setDigits] = useState(() => emptyDigits(6));
  return <DigitBoxes digits={digits} onChange={setDigits} onComplete={onComplete} />;
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;
const values = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('|');

describe('DigitBoxes', () => {
  it('labels each box and advances focus as digits are typed', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    expect(values()).toBe('1|2||||');
    expect(document.activeElement).toBe(box(3));
  });

  it('retyping a digit over the same digit moves on, as in the amount boxes', async () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '121212' } });
    await userEvent.click(box(2));
    await userEvent.keyboard('23');
    expect(values()).toBe('1|2|3|2|1|2');
    expect(document.activeElement).toBe(box(4));
  });

  it('ignores anything that is not a digit', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('a-');
    expect(values()).toBe('|||||');
    expect(document.activeElement).toBe(box(1));
  });

  it('spreads a pasted code across the boxes, skipping non-digits', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '12 34-56' } });
    expect(values()).toBe('1|2|3|4|5|6');
  });

  it('spreads a partial paste from the box it lands in', () => {
    render(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => '98' } });
    expect(values()).toBe('||9|8||');
    expect(document.activeElement).toBe(box(5));
  });

  it('moves back on Backspace in an empty box, then clears the digit there', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    expect(document.activeElement).toBe(box(3));
    await userEvent.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
    expect(values()).toBe('1|2||||');
    await userEvent.keyboard('{Backspace}');
    expect(values()).toBe('1|||||');
  });

  it('reports the full code once every box is filled', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('12345');
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('6');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
  });
});
