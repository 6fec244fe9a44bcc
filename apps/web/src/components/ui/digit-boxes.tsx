// A row of single-digit boxes that acts as one text field: the sign-in code, and amounts
// (a bid, tokens to redeem) through AmountBoxes. Each box is a position: typing overwrites
// the digit under the cursor and moves right (also when it is the same digit: React reports
// no change for an unchanged value, so digits are taken from the key, not from the value),
// Backspace erases leftwards, a paste spreads its digits. Phones show their number pad.
import clsx from 'clsx';
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useRef,
} from 'react';
import './digit-boxes.css';

export interface DigitBoxesHandle {
  focus: (index?: number) => void;
}

interface DigitBoxesProps {
  /** One entry per box: a single digit, or `blank`. */
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  /** Called when a change leaves every box filled. */
  onComplete?: (value: string) => void;
  /** What an erased box holds: '' for a code, '0' for an amount (its boxes are never empty). */
  blank?: '' | '0';
  /** The row a paste gives, when it replaces the whole row (an amount); null ignores it. */
  pasteRow?: (text: string) => string[] | null;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** Accessible name prefix: "Digit" gives "Digit 1", "Digit 2", ... */
  labelPrefix?: string;
  /** Names the row as a whole ("Bid amount"), where no legend does. */
  label?: string;
  /** Marks the boxes as a one-time code so phones offer the SMS code. */
  oneTimeCode?: boolean;
  describedBy?: string;
  ref?: Ref<DigitBoxesHandle>;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

export function DigitBoxes({
  digits,
  onChange,
  onComplete,
  blank = '',
  pasteRow,
  disabled = false,
  invalid = false,
  autoFocus = false,
  labelPrefix = 'Digit',
  label,
  oneTimeCode = false,
  describedBy,
  ref,
}: DigitBoxesProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const length = digits.length;

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }));

  const commit = (next: string[]) => {
    // A paste reaches a disabled (locked) box too.
    if (disabled) return [...digits];
    onChange(next);
    if (onComplete && next.every((d) => d.length === 1)) onComplete(next.join(''));
    return next;
  };

  /** Digits typed from a box on: each overwrites one position, the cursor follows. */
  const type = (index: number, typed: string) => {
    // More digits than boxes from the first one can only be a whole code (autofill).
    const start = typed.length >= length ? 0 : index;
    const next = [...digits];
    let at = start;
    for (const digit of typed) {
      if (at >= length) break;
      next[at] = digit;
      at += 1;
    }
    focusBox(at);
    return commit(next);
  };

  /** Backspace: an empty box steps back first; a filled one is erased and the cursor steps back. */
  const erase = (index: number, moveBack: boolean) => {
    if (moveBack && digits[index] === '' && index > 0) {
      focusBox(index - 1);
      return [...digits];
    }
    const next = [...digits];
    next[index] = blank;
    if (moveBack) focusBox(index - 1);
    return commit(next);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || disabled) return;
    const { key } = event;
    if (/^\d$/.test(key)) {
      event.preventDefault();
      type(index, key);
    } else if (key === 'Backspace' || key === 'Delete') {
      event.preventDefault();
      erase(index, key === 'Backspace');
    } else if (key === 'ArrowLeft' || key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + (key === 'ArrowLeft' ? -1 : 1));
    } else if (key === 'Home' || key === 'End') {
      event.preventDefault();
      focusBox(key === 'Home' ? 0 : length - 1);
    }
  };

  // Phones' soft keyboards often send no key on keydown ('Unidentified'), and autofill sends
  // none: what they insert arrives here instead. The box is put back to its one digit at
  // once: a row that did not change re-renders nothing that would.
  const handleInput = (index: number, event: FormEvent<HTMLInputElement>) => {
    const native = event.nativeEvent as InputEvent;
    const typed = onlyDigits(native.data ?? event.currentTarget.value);
    let next: readonly string[] = digits;
    if (native.inputType?.startsWith('delete')) next = erase(index, true);
    else if (typed) next = type(index, typed);
    event.currentTarget.value = next[index] ?? blank;
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData('text');
    if (!pasteRow) {
      const pasted = onlyDigits(text);
      if (pasted) type(index, pasted);
      return;
    }
    const row = pasteRow(text);
    if (row === null) return;
    commit(row);
    focusBox(length - 1);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would draw a border and legend the row does not need
    <div className={clsx('digits', invalid && 'digits--invalid')} role="group" aria-label={label}>
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
          autoComplete={oneTimeCode && index === 0 ? 'one-time-code' : 'off'}
          aria-label={`${labelPrefix} ${index + 1}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onInput={(event) => handleInput(index, event)}
          onPaste={(event) => handlePaste(index, event)}
        />
      ))}
    </div>
  );
}

export function emptyDigits(length: number): string[] {
  return Array.from({ length }, () => '');
}
