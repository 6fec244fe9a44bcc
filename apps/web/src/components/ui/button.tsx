// Buttons of the design system: large tap targets, one primary action per screen.
import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import './button.css';

type Variant = 'primary' | 'secondary' | 'ghost';
type Size = 'md' | 'lg';

function buttonClass(variant: Variant, size: Size, block: boolean, className?: string) {
  return clsx('btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', className);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'lg',
  block = false,
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, block, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="btn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

type ButtonLinkProps = LinkProps & { variant?: Variant; size?: Size; block?: boolean };

export function ButtonLink({
  variant = 'primary',
  size = 'lg',
  block = false,
  className,
  ...rest
}: ButtonLinkProps) {
  return <Link className={buttonClass(variant, size, block, className)} {...rest} />;
}

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { label: string };

export function IconButton({ label, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={clsx('icon-btn', className)}
      aria-label={label}
      title={label}
      {...rest}
    />
  );
}
