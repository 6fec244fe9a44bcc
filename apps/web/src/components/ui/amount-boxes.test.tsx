import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountBoxes, amountDigits, pastedAmount } from './amount-boxes';

function Harness({ start }: { start: number }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <AmountBoxes
        value={value}
        onChange={setValue}
        length={5}
        label="Bid amount"
        labelPrefix="Bid digit"
      />
      <output>{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Bid digit ${n}`) as HTMLInputElement;
const shown = () => [1, 2, 3, 4, 5].map((n) => box(n).value).join('');
const amount = () => Number(screen.getByRole('status').textContent);

describe('AmountBoxes: one number field over five boxes', () => {
  it('typing 1, 2, 0 from the third box of 00100 gives 00120 (an equal digit advances too)', async () => {
    render(<Harness start={100} />);
    await userEvent.click(box(3));
    await userEvent.keyboard('120');
    expect(shown()).toBe('00120');
    expect(amount()).toBe(120);
  });

  it('typing 00100 from the first box gives 00100', async () => {
    render(<Harness start={130} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('00100');
    expect(shown()).toBe('00100');
    expect(document.activeElement).toBe(box(5));
  });

  it('ignores letters and signs, and keeps typing on the last box', async () => {
    render(<Harness start={0} />);
    await userEvent.click(box(4));
    await userEvent.keyboard('a-.e5');
    expect(shown()).toBe('00050');
    await userEvent.keyboard('7');
    expect(shown()).toBe('00057');
    expect(document.activeElement).toBe(box(5));
  });

  it('Backspace erases leftwards, Delete erases in place', async () => {
    render(<Harness start={12345} />);
    await userEvent.click(box(5));
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(shown()).toBe('12300');
    expect(document.activeElement).toBe(box(3));
    await userEvent.keyboard('{Delete}');
    expect(shown()).toBe('12000');
    expect(document.activeElement).toBe(box(3));
  });

  it('arrow keys, Home and End move between the boxes', async () => {
    render(<Harness start={0} />);
    await userEvent.click(box(2));
    await userEvent.keyboard('{ArrowRight}9{Home}1{End}3');
    expect(shown()).toBe('10903');
  });

  it('a pasted number becomes the amount, whichever box it lands in', () => {
    render(<Harness start={130} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '1,250 tokens' } });
    expect(shown()).toBe('01250');
    fireEvent.paste(box(4), { clipboardData: { getData: () => '120' } });
    expect(shown()).toBe('00120');
    fireEvent.paste(box(2), { clipboardData: { getData: () => '123456' } });
    expect(shown()).toBe('00120');
  });

  it('takes digits a phone keyboard inserts without a key (Android sends "Unidentified")', () => {
    render(<Harness start={100} />);
    fireEvent.input(box(3), { target: { value: '1' }, data: '1', inputType: 'insertText' });
    expect(shown()).toBe('00100');
    expect(document.activeElement).toBe(box(4));
    fireEvent.input(box(4), { target: { value: '02' }, data: '2', inputType: 'insertText' });
    expect(shown()).toBe('00120');
    expect(box(4).value).toBe('2');
  });

  it('asks phones for the number pad and names the row', () => {
    render(<Harness start={0} />);
    expect(box(1).inputMode).toBe('numeric');
    expect(screen.getByRole('group', { name: 'Bid amount' })).toBeTruthy();
  });

  it('pads to the boxes and reads a pasted amount', () => {
    expect(amountDigits(130, 5)).toEqual(['0', '0', '1', '3', '0']);
    expect(amountDigits(123_456, 5)).toEqual(['9', '9', '9', '9', '9']);
    expect(pastedAmount('no digits', 5)).toBeNull();
    expect(pastedAmount('12 500', 5)).toBe(12_500);
  });
});
