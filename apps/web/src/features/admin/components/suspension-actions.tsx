// Suspend (with a reason: sessions end at once, the auction comes off the board, escrow
// is refunded, connections end) or restore a member. A suspension for fraud or scam tells
// the members who exchanged messages with them in the last 30 days (issue 42); a fraud hold
// keeps a member from notifying anyone while moderators look.
import type { AdminMemberDetail, SuspensionCategory } from '@bidboard/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { restoreMember, setFraudHold, suspendMember } from '../api/reports';
import { useAdminAction } from '../api/use-admin-action';
import { formatWhen } from '../lib/format';
import { ReasonForm } from './reason-form';
import { ActionError } from './section';

/** Why an account is removed; fraud or scam tells its contacts (suspension and deletion). */
export function RemovalCategory({
  value,
  onChange,
}: {
  value: SuspensionCategory;
  onChange: (category: SuspensionCategory) => void;
}) {
  const id = useId();
  return (
    <>
      <label className="admin-field" htmlFor={id}>
        <span>Removed for</span>
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as SuspensionCategory)}
      >
        <option value="other">Another reason</option>
        <option value="fraud_or_scam">
          Fraud or scam (tells everyone who exchanged messages with them in 30 days)
        </option>
      </select>
    </>
  );
}

function FraudHold({ member }: { member: AdminMemberDetail }) {
  const hold = useAdminAction((held: boolean) => setFraudHold(member.id, held));
  const heldAt = member.fraud_hold_at;
  const held = Boolean(heldAt);
  return (
    <div className="admin-actions">
      <p>
        {heldAt
          ? `Under a fraud hold since ${formatWhen(heldAt)}: their messages and actions notify nobody.`
          : 'No fraud hold.'}
      </p>
      <Button
        size="md"
        variant="secondary"
        busy={hold.isPending}
        onClick={() => hold.mutate(!held)}
      >
        {held ? 'Lift fraud hold' : 'Place fraud hold'}
      </Button>
      <ActionError text={hold.errorText} />
    </div>
  );
}

export function SuspensionActions({ member }: { member: AdminMemberDetail }) {
  const [category, setCategory] = useState<SuspensionCategory>('other');
  const suspend = useAdminAction((reason: string) => suspendMember(member.id, reason, category));
  const restore = useAdminAction(() => restoreMember(member.id));
  if (member.status === 'deleted') return <p>This member deleted their account.</p>;
  if (member.suspended_at) {
    return (
      <div className="admin-actions">
        <p>
          Suspended {formatWhen(member.suspended_at)}
          {member.suspension_category === 'fraud_or_scam' ? ' for fraud or scam' : ''}:{' '}
          <q>{member.suspension_reason}</q>
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
    <>
      <FraudHold member={member} />
      <ReasonForm
        label="Reason for suspending (their sessions end at once, escrow is refunded)"
        submitLabel="Suspend"
        busy={suspend.isPending}
        error={suspend.errorText}
        onSubmit={(reason) => suspend.mutate(reason)}
      >
        <RemovalCategory value={category} onChange={setCategory} />
      </ReasonForm>
    </>
  );
}
