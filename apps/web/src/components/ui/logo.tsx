// The Bidboard wordmark: heart tile plus name. Decorative inside links that carry a label.
import { PRODUCT_NAME } from '@bidboard/shared';
import clsx from 'clsx';
import './logo.css';

export function Logo({
  size = 'md',
  className,
}: {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  return (
    <span className={clsx('logo', `logo--${size}`, className)}>
      <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ff4f79" />
            <stop offset="1" stopColor="#ff8a3d" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="18" fill="url(#logo-gradient)" />
        <path
          d="M32 48s-14-8.4-14-18.2C18 24.4 21.9 21 26.3 21c2.6 0 4.6 1.3 5.7 3.2 1.1-1.9 3.1-3.2 5.7-3.2 4.4 0 8.3 3.4 8.3 8.8C46 39.6 32 48 32 48z"
          fill="#fff"
        />
      </svg>
      <span className="logo__name">{PRODUCT_NAME}</span>
    </span>
  );
}
