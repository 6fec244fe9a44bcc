// Shows AccountDeletedNotice after the reload that follows a deletion; its code loads only then.
import { Suspense } from 'react';
import { lazyComponent } from '@/lib/lazy';
import { ACCOUNT_DELETED_KEY } from '../api/account';

const AccountDeletedNotice = lazyComponent(() =>
  import('./account-deleted-notice').then((m) => m.AccountDeletedNotice),
);

export function AccountDeletedGate() {
  if (sessionStorage.getItem(ACCOUNT_DELETED_KEY) === null) return null;
  return (
    <Suspense fallback={null}>
      <AccountDeletedNotice />
    </Suspense>
  );
}
