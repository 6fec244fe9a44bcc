// Honest stand-in for a screen whose capability ships later: it names the screen and what
// it will hold, and shows no invented data.
import type { ReactNode } from 'react';
import './screen-placeholder.css';

interface ScreenPlaceholderProps {
  title: string;
  description: string;
  icon?: ReactNode;
  children?: ReactNode;
}

export function ScreenPlaceholder({ title, description, icon, children }: ScreenPlaceholderProps) {
  return (
    <section className="placeholder" aria-labelledby="placeholder-title">
      {icon ? (
        <div className="placeholder__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h1 id="placeholder-title" className="placeholder__title">
        {title}
      </h1>
      <p className="placeholder__text">{description}</p>
      {children ? <div className="placeholder__actions">{children}</div> : null}
    </section>
  );
}
