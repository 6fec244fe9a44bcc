// The notice at sign-up: once the postal code says the member lives where a notice is
// required, the next onboarding screen is the notice, until the member has read it; every
// later onboarding screen carries the screening statement (the statutes name the pages
// used to sign up). Elsewhere the wizard runs as before.
import { datingSafetyNoticeAt, NOTICE_TEXT, type User } from '@bidboard/shared';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAcknowledgeNotice, useSafetyNoticeState } from '../api/safety-notices';
import { SafetyNotice, ScreeningStatement } from './safety-notice';

export function SignUpNoticeGate({ user, children }: { user: User; children: ReactNode }) {
  const notice = datingSafetyNoticeAt(user, 'sign_up');
  const state = useSafetyNoticeState(notice !== null);
  const acknowledge = useAcknowledgeNotice();
  if (!notice) return children;
  // A failed read never holds onboarding up: the notice shows again at the next screen.
  if (state.isPending) return <div className="ob-step" aria-busy="true" />;
  const read = state.data?.acknowledged.includes('sign_up') ?? state.isError;
  if (!read) {
    return (
      <div className="ob-step">
        <SafetyNotice notice={notice} />
        {acknowledge.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(acknowledge.error, NOTICE_TEXT.failedToSave)}
          </p>
        ) : null}
        <div className="ob-actions">
          <Button block busy={acknowledge.isPending} onClick={() => acknowledge.mutate('sign_up')}>
            {NOTICE_TEXT.acknowledge}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <>
      {children}
      <ScreeningStatement notice={notice} />
    </>
  );
}
