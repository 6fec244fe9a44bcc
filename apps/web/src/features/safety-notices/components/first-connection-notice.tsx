// The notice with the member's first connection: at the top of the connections screen the
// first time it lists one, until the member has read it. Inline rather than a dialog, so
// the new connection stays within reach.
import { datingSafetyNoticeAt, NOTICE_TEXT, type User } from '@bidboard/shared';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAcknowledgeNotice, useSafetyNoticeState } from '../api/safety-notices';
import { SafetyNotice } from './safety-notice';

export function FirstConnectionNotice({
  user,
  hasConnection,
}: {
  user: User;
  hasConnection: boolean;
}) {
  const notice = datingSafetyNoticeAt(user, 'first_connection');
  const state = useSafetyNoticeState(notice !== null && hasConnection);
  const acknowledge = useAcknowledgeNotice();
  if (!notice || !hasConnection || !state.data) return null;
  if (state.data.acknowledged.includes('first_connection')) return null;
  return (
    <div className="safety-notice-panel">
      <SafetyNotice notice={notice} />
      {acknowledge.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(acknowledge.error, NOTICE_TEXT.failedToSave)}
        </p>
      ) : null}
      <Button busy={acknowledge.isPending} onClick={() => acknowledge.mutate('first_connection')}>
        {NOTICE_TEXT.acknowledge}
      </Button>
    </div>
  );
}
