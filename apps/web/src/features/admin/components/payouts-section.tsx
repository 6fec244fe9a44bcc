// Payouts: pending redemptions, paid by hand then marked paid, or marked failed with a
// reason (the tokens go back to the member); and the payment errors members hit.
import type { AdminRedemption } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatTokens } from '@/lib/format';
import {
  markRedemptionFailed,
  markRedemptionPaid,
  usePaymentErrors,
  usePendingRedemptions,
} from '../api/payouts';
import { useAdminAction } from '../api/use-admin-action';
import { formatCents, formatWhen } from '../lib/format';
import { PaymentReviews } from './payment-reviews';
import { ReasonForm } from './reason-form';
import { ActionError, QueryState, Section } from './section';

function RedemptionRow({ redemption }: { redemption: AdminRedemption }) {
  const [confirming, setConfirming] = useState(false);
  const [failing, setFailing] = useState(false);
  const paid = useAdminAction(() => markRedemptionPaid(redemption.id));
  const failed = useAdminAction((reason: string) => markRedemptionFailed(redemption.id, reason));
  const payout = formatCents(redemption.amount_cents - redemption.fee_cents);
  return (
    <li className="admin-card">
      <p className="admin-card__title">
        {redemption.username ?? `Member ${redemption.user_id}`}: {payout} to{' '}
        {redemption.paypal_email}
      </p>
      <p className="admin-card__meta">
        {formatTokens(redemption.token_amount)} tokens · fee {formatCents(redemption.fee_cents)} ·
        requested {formatWhen(redemption.created_at)}
        {redemption.payout_status ? ` · PayPal: ${redemption.payout_status}` : ''}
      </p>
      <div className="admin-actions admin-actions--row">
        <Button size="md" busy={paid.isPending} onClick={() => setConfirming(true)}>
          Mark paid
        </Button>
        <Button
          size="md"
          variant="secondary"
          onClick={() => setFailing(!failing)}
          aria-expanded={failing}
        >
          Mark failed
        </Button>
      </div>
      <ActionError text={paid.errorText} />
      {failing ? (
        <ReasonForm
          label="Why the payout failed (the member's tokens go back)"
          submitLabel="Mark failed"
          busy={failed.isPending}
          error={failed.errorText}
          onSubmit={(reason) => failed.mutate(reason)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        question={`Mark ${payout} to ${redemption.paypal_email} as paid?`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          paid.mutate(undefined);
        }}
      />
    </li>
  );
}

function PaymentErrors() {
  const query = usePaymentErrors();
  const errors = query.data?.errors ?? [];
  return (
    <>
      <h3 className="admin-subtitle">Payment errors</h3>
      <QueryState query={query} loading="Loading payment errors…">
        {errors.length ? (
          <ul className="admin-list">
            {errors.map((error) => (
              <li key={error.id} className="admin-card">
                <p className="admin-card__title">
                  {error.error_type} · {error.username ?? 'visitor'}
                </p>
                <p className="admin-card__meta">
                  {formatWhen(error.created_at)}
                  {error.payment_flow ? ` · ${error.payment_flow}` : ''}
                  {error.message ? ` · ${error.message}` : ''}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No payment errors logged.</p>
        )}
      </QueryState>
    </>
  );
}

export function PayoutsSection() {
  const query = usePendingRedemptions();
  const redemptions = query.data?.redemptions ?? [];
  return (
    <Section
      title="Payouts"
      intro="Pay each request by hand through PayPal, then mark it paid. Marking it failed returns the tokens to the member."
    >
      <h3 className="admin-subtitle">Pending redemptions</h3>
      <QueryState query={query} loading="Loading redemptions…">
        {redemptions.length ? (
          <ul className="admin-list">
            {redemptions.map((redemption) => (
              <RedemptionRow key={redemption.id} redemption={redemption} />
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No redemption is waiting.</p>
        )}
      </QueryState>
      <PaymentReviews />
      <PaymentErrors />
    </Section>
  );
}
