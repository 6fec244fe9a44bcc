// On/off switch (Radix Switch) with a visible label and optional help text beneath it.
import * as RadixSwitch from '@radix-ui/react-switch';
import clsx from 'clsx';
import { type ReactNode, useId } from 'react';
import './toggle-switch.css';

interface ToggleSwitchProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: ReactNode;
  disabled?: boolean;
  busy?: boolean;
  /** Rendered next to the label, e.g. a 'Saved' indicator. */
  status?: ReactNode;
  className?: string;
}

export function ToggleSwitch({
  label,
  checked,
  onCheckedChange,
  description,
  disabled = false,
  busy = false,
  status,
  className,
}: ToggleSwitchProps) {
  const id = useId();
  return (
    <div className={clsx('toggle', disabled && 'toggle--disabled', className)}>
      <div className="toggle__text">
        <label className="toggle__label" htmlFor={id}>
          {label}
          {status}
        </label>
        {description ? (
          <p className="toggle__description" id={`${id}-description`}>
            {description}
          </p>
        ) : null}
      </div>
      <RadixSwitch.Root
        id={id}
        className="toggle__switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        aria-describedby={description ? `${id}-description` : undefined}
      >
        <RadixSwitch.Thumb className="toggle__thumb" />
      </RadixSwitch.Root>
    </div>
  );
}
