// Payouts: pending redemptions riskiest first, each with its risk review; one the review
// held waits for an admin to approve it (then PayPal pays it, or it is paid by hand) or to
// reject it with a reason (the tokens go back to the member). Others are paid by hand then
// marked paid, or marked failed. And the payment errors members hit.
import type { AdminRedemption } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatTokens } from '@/lib/format';
import {
  approveRedemption,
  markRedemptionFailed,
  markRedemptionPaid,
  usePaymentErrors,
  usePendingRedemptions,
} from '../api/payouts';
import { useAdminAction } from '../api/use-admin-action';
import { formatCents, formatWhen } from '../lib/format';
import { PayeeReports } from '../payees/payee-reports';
import { PaymentReviews } from './payment-reviews';
import { ReasonForm } from './reason-form';
import { RedemptionRisk } from './redemption-risk';
import { ActionError, QueryState, Section } from './section';

function RedemptionRow({ redemption }: { redemption: AdminRedemption }) {
  const [confirming, setConfirming] = useState<'paid' | 'approve' | null>(null);
  const [failing, setFailing] = useState(false);
  const paid = useAdminAction(() => markRedemptionPaid(redemption.id));
  const approved = useAdminAction(() => approveRedemption(redemption.id));
  const failed = useAdminAction((reason: string) => markRedemptionFailed(redemption.id, reason));
  const held = redemption.risk?.awaiting_review ?? false;
  // amount_cents is what the member receives: the fee is already taken off.
  const payout = formatCents(redemption.amount_cents);
  const failLabel = held ? 'Reject' : 'Mark failed';
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
      <RedemptionRisk risk={redemption.risk} />
      <div className="admin-actions admin-actions--row">
        {held ? (
          <Button size="md" busy={approved.isPending} onClick={() => setConfirming('approve')}>
            Approve
          </Button>
        ) : (
          <Button size="md" busy={paid.isPending} onClick={() => setConfirming('paid')}>
            Mark paid
          </Button>
        )}
        <Button
          size="md"
          variant="secondary"
          onClick={() => setFailing(!failing)}
          aria-expanded={failing}
        >
          {failLabel}
        </Button>
      </div>
      <ActionError text={held ? approved.errorText : paid.errorText} />
      {failing ? (
        <ReasonForm
          label={
            held
              ? "Why you reject it (the member's tokens go back)"
              : "Why the payout failed (the member's tokens go back)"
          }
          submitLabel={failLabel}
          busy={failed.isPending}
          error={failed.errorText}
          onSubmit={(reason) => failed.mutate(reason)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        question={
          confirming === 'approve'
            ? redemption.provider === 'paypal'
              ? `Approve ${payout} to ${redemption.paypal_email}? PayPal sends it now.`
              : `Approve ${payout} to ${redemption.paypal_email}? You then pay it by hand and mark it paid.`
            : `Mark ${payout} to ${redemption.paypal_email} as paid?`
        }
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const action = confirming === 'approve' ? approved : paid;
          setConfirming(null);
          action.mutate(undefined);
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
      intro="Riskiest first. A request the risk review held waits for you even when PayPal pays automatically: approve it, or reject it and the tokens go back. With manual payouts, pay each request through PayPal, then mark it paid."
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
      <PayeeReports />
    </Section>
  );
}
