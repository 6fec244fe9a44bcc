// Layout for the Bid Board family of screens: a logo bar, the page and the fixed menu button.
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { useMenuText } from '../i18n';
import { MainMenu } from './main-menu';

export function MenuLayout() {
  const t = useMenuText();
  return (
    <>
      <header className="app-bar">
        <Link to="/" className="app-bar__home" aria-label={t('bar.home')}>
          <Logo size="sm" />
        </Link>
      </header>
      <MainMenu />
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}
