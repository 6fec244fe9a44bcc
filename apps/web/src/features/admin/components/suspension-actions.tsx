// Suspend (with a reason: sessions end at once, the auction comes off the board, escrow
// is refunded, connections end) or restore a member.
import type { AdminMemberDetail } from '@bidboard/shared';
import { Button } from '@/components/ui/button';
import { restoreMember, suspendMember } from '../api/reports';
import { useAdminAction } from '../api/use-admin-action';
import { formatWhen } from '../lib/format';
import { ReasonForm } from './reason-form';
import { ActionError } from './section';

export function SuspensionActions({ member }: { member: AdminMemberDetail }) {
  const suspend = useAdminAction((reason: string) => suspendMember(member.id, reason));
  const restore = useAdminAction(() => restoreMember(member.id));
  if (member.status === 'deleted') return <p>This member deleted their account.</p>;
  if (member.suspended_at) {
    return (
      <div className="admin-actions">
        <p>
          Suspended {formatWhen(member.suspended_at)}: <q>{member.suspension_reason}</q>
        </p>
        <Button
          size="md"
          variant="secondary"
          busy={restore.isPending}
          onClick={() => restore.mutate(undefined)}
        >
          Restore
        </Button>
        <ActionError text={restore.errorText} />
      </div>
    );
  }
  return (
    <ReasonForm
      label="Reason for suspending (their sessions end at once, escrow is refunded)"
      submitLabel="Suspend"
      busy={suspend.isPending}
      error={suspend.errorText}
      onSubmit={(reason) => suspend.mutate(reason)}
    />
  );
}
