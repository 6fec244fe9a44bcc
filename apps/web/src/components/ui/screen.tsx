// Page frame for the Bid Board family of screens: leaves room for the fixed menu button.
import type { ReactNode } from 'react';
import './screen.css';

export function Screen({ children }: { children: ReactNode }) {
  return <main className="screen">{children}</main>;
}
