// An amount (a bid, tokens to redeem) in digit boxes: the digit boxes' one text field over a
// whole number, each box a position of it, zero-padded, so an erased box reads 0 and a paste
// is the new amount rather than digits spread from the box it lands in.
import type { Ref } from 'react';
import { DigitBoxes, type DigitBoxesHandle } from './digit-boxes';

interface AmountBoxesProps {
  value: number;
  onChange: (value: number) => void;
  /** How many boxes (digits) the amount has. */
  length: number;
  /** Accessible name prefix: "Bid digit" gives "Bid digit 1", "Bid digit 2", ... */
  labelPrefix: string;
  /** Names the row as a whole ("Bid amount"), where no legend does. */
  label?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  ref?: Ref<DigitBoxesHandle>;
}

export function amountDigits(value: number, length: number): string[] {
  const largest = 10 ** length - 1;
  const clamped = Math.max(0, Math.min(largest, Math.trunc(value) || 0));
  return String(clamped).padStart(length, '0').split('');
}

/** '1,250 tokens' -> 1250; null when the text holds no whole number that fits. */
export function pastedAmount(text: string, length: number): number | null {
  const number = /\d[\d,\s\u00a0\u202f]*/.exec(text)?.[0].replace(/\D/g, '');
  if (!number) return null;
  const value = Number.parseInt(number, 10);
  return String(value).length <= length ? value : null;
}

export function AmountBoxes({ value, onChange, length, ...rest }: AmountBoxesProps) {
  return (
    <DigitBoxes
      {...rest}
      digits={amountDigits(value, length)}
      blank="0"
      onChange={(next) => onChange(Number.parseInt(next.join(''), 10))}
      pasteRow={(text) => {
        const pasted = pastedAmount(text, length);
        return pasted === null ? null : amountDigits(pasted, length);
      }}
    />
  );
}
