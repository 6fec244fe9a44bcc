// The redemption screen's word on the year's payouts (issue 43): paid so far this year and,
// for a member without a payee profile, the line past which a payout waits for it, with
// the way to complete it (in Canada every payout waits for it). After a
// held request it says why the payout waits.
import { PAYEE_MESSAGES } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { useSharedText } from '@/lib/i18n';
import { formatMoney } from '@/lib/i18n/format';
import { usePayeeIdentity } from '../api/payee-identity';
import { usePayoutsYearToDate } from '../api/year-to-date';
import { usePayoutsText } from '../i18n';
import { PayeeProfileForm } from './payee-profile-form';
import './payouts.css';

export function RedemptionPayoutsNote({ held = false }: { held?: boolean }) {
  const t = usePayoutsText();
  const { sharedRef } = useSharedText();
  const year = usePayoutsYearToDate().data;
  const payee = usePayeeIdentity().data;
  const [editing, setEditing] = useState(false);
  if (!year || !payee) return null;
  const threshold = year.identity_threshold_cents;
  return (
    <div className="payouts-note">
      <p className="payouts-note__line">
        {t('note.paid', {
          year: year.year,
          paid: formatMoney(year.paid_cents + year.pending_cents),
        })}
      </p>
      {held && !payee.payee ? (
        <p className="payouts-note__held" role="status">
          {year.payee_country === 'CA'
            ? sharedRef({ key: 'PAYEE_MESSAGES.identityHoldAny' }, PAYEE_MESSAGES.identityHoldAny)
            : sharedRef(
                { key: 'PAYEE_MESSAGES.identityHold', params: { cents: formatMoney(threshold) } },
                PAYEE_MESSAGES.identityHold(threshold),
              )}
        </p>
      ) : null}
      {!held && !payee.payee ? (
        <p className="payouts-note__line text-muted">
          {year.payee_country === 'CA'
            ? t('note.thresholdAny')
            : t('note.threshold', { threshold: formatMoney(threshold) })}
        </p>
      ) : null}
      {payee.payee ? null : (
        <Button variant="secondary" size="md" onClick={() => setEditing(true)}>
          {t('setting.complete')}
        </Button>
      )}
      <Dialog open={editing} onOpenChange={setEditing} title={t('form.title')} className="payee">
        <PayeeProfileForm saved={null} onSaved={() => setEditing(false)} />
      </Dialog>
    </div>
  );
}
