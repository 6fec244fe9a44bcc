// Deleting a member's account as an admin (issue 42), after a confirmation: the same erasure
// as the member's own deletion, with a reason kept in the audit log. Deleted for fraud or
// scam, everyone who exchanged messages with them in the last 30 days is told.
import type { AdminMemberDetail, SuspensionCategory } from '@bidboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteMember } from '../api/reports';
import { useAdminAction } from '../api/use-admin-action';
import { ReasonForm } from './reason-form';
import { RemovalCategory } from './suspension-actions';

export function DeleteMemberForm({ member }: { member: AdminMemberDetail }) {
  const [category, setCategory] = useState<SuspensionCategory>('other');
  const [reason, setReason] = useState<string | null>(null);
  const remove = useAdminAction((why: string) => deleteMember(member.id, why, category));
  const name = member.username ?? `member ${member.id}`;
  return (
    <>
      <ReasonForm
        label="Reason for deleting the account (their data is erased; this cannot be undone)"
        submitLabel="Delete account"
        busy={remove.isPending}
        error={remove.errorText}
        onSubmit={setReason}
      >
        <RemovalCategory value={category} onChange={setCategory} />
      </ReasonForm>
      <ConfirmDialog
        open={reason !== null}
        question={`Delete ${name}'s account? This cannot be undone.`}
        detail={
          category === 'fraud_or_scam'
            ? 'Everyone who exchanged messages with them in the last 30 days is told.'
            : undefined
        }
        onCancel={() => setReason(null)}
        onConfirm={() => {
          if (reason !== null) remove.mutate(reason);
          setReason(null);
        }}
      />
    </>
  );
}
