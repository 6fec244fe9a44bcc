// A token adjustment (ledger type 'adjustment'): a whole non-zero amount, negative to take
// tokens away, and a required reason kept in the audit log. Its origin: promotional unless
// marked redeemable (earned) or paid (purchased), product rules 'The token economy'; a paid
// or redeemable grant names the cash the member paid and where it is recorded.
import {
  type AdminMemberDetail,
  type AdminTokenAdjustmentBody,
  grantCashProblem,
} from '@bidboard/shared';
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
  const [cashCents, setCashCents] = useState('');
  const [cashReference, setCashReference] = useState('');
  const [origin, setOrigin] = useState<'promotional' | 'paid' | 'redeemable'>('promotional');
  const [amountError, setAmountError] = useState<string | null>(null);
  const action = useAdminAction(adjust);
  const parsed = Number(amount);
  // Tokens that can become cash come with cash: only a grant needs it, not a debit.
  const withCash = origin !== 'promotional' && !(parsed < 0);
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
        const cash = withCash
          ? { cash_cents: Number(cashCents || Number.NaN), cash_reference: cashReference.trim() }
          : {};
        const cashProblem = grantCashProblem({
          amount: parsed,
          paid: origin === 'paid',
          redeemable: origin === 'redeemable',
          cashCents: cash.cash_cents,
          cashReference: cash.cash_reference,
        });
        if (cashProblem) {
          setAmountError(cashProblem);
          return;
        }
        setAmountError(null);
        action.mutate(
          {
            username: member.username!,
            amount: parsed,
            redeemable: origin === 'redeemable',
            paid: origin === 'paid',
            reason,
            ...cash,
          },
          {
            onSuccess: () => {
              setAmount('');
              setCashCents('');
              setCashReference('');
            },
          },
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
      <fieldset className="admin-field">
        <legend>Origin</legend>
        {(
          [
            ['promotional', 'Free (promotional; a debit spends in the bidding order)'],
            ['paid', 'Paid for by the member (purchased)'],
            ['redeemable', 'Redeemable for cash (earned tokens)'],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="admin-check">
            <input
              type="radio"
              name={`${amountId}-origin`}
              checked={origin === value}
              onChange={() => setOrigin(value)}
            />
            {text}
          </label>
        ))}
      </fieldset>
      {withCash ? (
        <>
          <label className="admin-field" htmlFor={`${amountId}-cash`}>
            <span>Cash received (cents, at least one a token)</span>
          </label>
          <input
            id={`${amountId}-cash`}
            type="number"
            inputMode="numeric"
            step={1}
            min={0}
            value={cashCents}
            onChange={(event) => setCashCents(event.target.value)}
          />
          <label className="admin-field" htmlFor={`${amountId}-reference`}>
            <span>Where the cash is recorded (transfer, invoice, receipt)</span>
          </label>
          <input
            id={`${amountId}-reference`}
            type="text"
            maxLength={120}
            value={cashReference}
            onChange={(event) => setCashReference(event.target.value)}
          />
        </>
      ) : null}
      {action.isSuccess ? (
        <p role="status">New balance: {action.data.tokenBalance} tokens.</p>
      ) : null}
    </ReasonForm>
  );
}
