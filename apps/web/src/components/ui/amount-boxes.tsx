// An amount (a bid, tokens to redeem) in single-digit boxes that act as one number field:
// each box is a position of the number, typing overwrites the digit under the cursor and
// moves right (also when it is the same digit: React reports no change for an unchanged
// value, so digits are taken from the key, not from the value), Backspace erases leftwards,
// a paste is the new amount. Phones show their number pad (inputmode numeric).
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useRef,
} from 'react';
import './digit-boxes.css';

export interface AmountBoxesHandle {
  focus: (index?: number) => void;
}

interface AmountBoxesProps {
  value: number;
  onChange: (value: number) => void;
  /** How many boxes (digits) the amount has. */
  length: number;
  /** Accessible name prefix: "Bid digit" gives "Bid digit 1", "Bid digit 2", ... */
  labelPrefix: string;
  /** Names the row as a whole ("Bid amount"). */
  label: string;
  disabled?: boolean;
  describedBy?: string;
  ref?: Ref<AmountBoxesHandle>;
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

export function AmountBoxes({
  value,
  onChange,
  length,
  labelPrefix,
  label,
  disabled = false,
  describedBy,
  ref,
}: AmountBoxesProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = amountDigits(value, length);

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }));

  /** Digits typed from a box on: each overwrites one position, the cursor follows. */
  const type = (index: number, typed: string) => {
    const next = [...digits];
    let at = index;
    for (const digit of typed) {
      if (at >= length) break;
      next[at] = digit;
      at += 1;
    }
    onChange(Number.parseInt(next.join(''), 10));
    focusBox(at);
    return next;
  };

  const erase = (index: number, moveBack: boolean) => {
    const next = [...digits];
    next[index] = '0';
    onChange(Number.parseInt(next.join(''), 10));
    if (moveBack) focusBox(index - 1);
    return next;
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { key } = event;
    if (/^\d$/.test(key)) {
      event.preventDefault();
      type(index, key);
    } else if (key === 'Backspace') {
      event.preventDefault();
      // The cursor sits on a box: Backspace erases it, then the one before, like a caret
      // moving left through the number.
      erase(index, true);
    } else if (key === 'Delete') {
      event.preventDefault();
      erase(index, false);
    } else if (key === 'ArrowLeft' || key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + (key === 'ArrowLeft' ? -1 : 1));
    } else if (key === 'Home' || key === 'End') {
      event.preventDefault();
      focusBox(key === 'Home' ? 0 : length - 1);
    }
  };

  // Phones' soft keyboards often send no key on keydown ('Unidentified'): what they insert
  // arrives here instead. The box is put back to its one digit at once: an amount that did
  // not change re-renders nothing that would.
  const handleInput = (index: number, event: FormEvent<HTMLInputElement>) => {
    const native = event.nativeEvent as InputEvent;
    const typed = (native.data ?? event.currentTarget.value).replace(/\D/g, '');
    let next = digits;
    if (native.inputType?.startsWith('delete')) next = erase(index, true);
    else if (typed) next = type(index, typed);
    event.currentTarget.value = next[index] ?? '0';
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = pastedAmount(event.clipboardData.getData('text'), length);
    if (pasted === null) return;
    onChange(pasted);
    focusBox(length - 1);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would draw a border and legend the row does not need
    <div className="digits" role="group" aria-label={label}>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length positional inputs
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          className="digits__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          aria-label={`${labelPrefix} ${index + 1}`}
          aria-describedby={describedBy}
          value={digit}
          disabled={disabled}
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onInput={(event) => handleInput(index, event)}
          onPaste={handlePaste}
        />
      ))}
    </div>
  );
}
