// One-tap choices drawn as large cards: a radio group, so arrow keys move and Enter submits.
import clsx from 'clsx';
import { CheckIcon } from '@/components/ui/icons';

interface OptionCardsProps<T extends string> {
  name: string;
  legend: string;
  options: readonly { value: T; label: string; hint?: string }[];
  value: T | null;
  onChange: (value: T) => void;
  invalid?: boolean;
  describedBy?: string;
}

export function OptionCards<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  invalid,
  describedBy,
}: OptionCardsProps<T>) {
  return (
    <fieldset
      className="ob-options"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            className={clsx('ob-option focus-ring-within', checked && 'ob-option--checked')}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
            />
            <span className="ob-option__text">
              <span className="ob-option__label">{option.label}</span>
              {option.hint ? <span className="ob-option__hint">{option.hint}</span> : null}
            </span>
            <span className="ob-option__check" aria-hidden="true">
              {checked ? <CheckIcon size={16} /> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
