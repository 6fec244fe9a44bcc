// A token adjustment (ledger type 'adjustment'): a whole non-zero amount, negative to take
// tokens away, and a required reason kept in the audit log.
import type { AdminMemberDetail, AdminTokenAdjustmentBody } from '@bidboard/shared';
import { useId, useState } from 'react';
import { useAdminAction } from '../api/use-admin-action';
import { ReasonForm } from './reason-form';

interface TokenAdjustmentFormProps {
  member: AdminMemberDetail;
  adjust: (body: AdminTokenAdjustmentBody) => Promise<{ tokenBalance: number }>;
}

export function TokenAdjustmentForm({ member, adjust }: TokenAdjustmentFormProps) {
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [redeemable, setRedeemable] = useState(false);
  const [amountError, setAmountError] = useState<string | null>(null);
  const action = useAdminAction(adjust);
  const parsed = Number(amount);
  if (!member.username) return <p>A member without a username cannot be adjusted.</p>;
  return (
    <ReasonForm
      label="Reason for the adjustment"
      submitLabel="Adjust tokens"
      busy={action.isPending}
      error={amountError ?? action.errorText}
      onSubmit={(reason) => {
        if (!Number.isInteger(parsed) || parsed === 0) {
          setAmountError('Amount must be a non-zero whole number');
          return;
        }
        setAmountError(null);
        action.mutate(
          { username: member.username!, amount: parsed, redeemable, reason },
          { onSuccess: () => setAmount('') },
        );
      }}
    >
      <label className="admin-field" htmlFor={amountId}>
        <span>Amount (negative takes tokens away)</span>
      </label>
      <input
        id={amountId}
        type="number"
        inputMode="numeric"
        step={1}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <label className="admin-check">
        <input
          type="checkbox"
          checked={redeemable}
          onChange={(event) => setRedeemable(event.target.checked)}
        />
        Redeemable for cash (earned tokens)
      </label>
      {action.isSuccess ? (
        <p role="status">New balance: {action.data.tokenBalance} tokens.</p>
      ) : null}
    </ReasonForm>
  );
}
