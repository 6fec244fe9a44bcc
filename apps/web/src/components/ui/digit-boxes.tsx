// Row of single-digit boxes (sign-in code, later bid and redemption amounts): digits only,
// typing advances, paste spreads digits, Backspace on an empty box moves back.
import clsx from 'clsx';
import {
  type ClipboardEvent,
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
  /** One entry per box: a single digit or ''. */
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  /** Called when a change leaves every box filled. */
  onComplete?: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** Accessible name prefix: "Digit" gives "Digit 1", "Digit 2", ... */
  labelPrefix?: string;
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
  disabled = false,
  invalid = false,
  autoFocus = false,
  labelPrefix = 'Digit',
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
    if (disabled) return;
    onChange(next);
    if (onComplete && next.every((d) => d.length === 1)) onComplete(next.join(''));
  };

  /** Writes digits starting at a box; returns the index after the last one written. */
  const spread = (start: number, text: string) => {
    const next = [...digits];
    let index = start;
    for (const digit of text) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    commit(next);
    focusBox(Math.min(index, length - 1));
  };

  const handleChange = (index: number, raw: string) => {
    const typed = onlyDigits(raw);
    if (typed.length === 0) {
      if (raw.length === 0) {
        const next = [...digits];
        next[index] = '';
        commit(next);
      }
      return;
    }
    if (typed.length === 1) return spread(index, typed);
    // A second digit typed into a filled box replaces it; longer input came from autofill.
    const previous = digits[index] ?? '';
    if (typed.length === 2 && previous) {
      const replacement = typed.startsWith(previous) ? typed.slice(1) : typed.slice(0, 1);
      return spread(index, replacement);
    }
    spread(typed.length >= length ? 0 : index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    if (!pasted) return;
    spread(pasted.length >= length ? 0 : index, pasted);
  };

  return (
    <div className={clsx('digits', invalid && 'digits--invalid')}>
      {digits.map((digit, index) => (
        <input
          // The boxes are positional; their order never changes.
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
          onChange={(event) => handleChange(index, event.currentTarget.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
        />
      ))}
    </div>
  );
}

export function emptyDigits(length: number): string[] {
  return Array.from({ length }, () => '');
}
