// Profile Settings, "Payouts and taxes" (issue 43): what was paid this year and what is on
// its way, the payee profile (masked id) with its form, and the yearly statement.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { formatMoney } from '@/lib/i18n/format';
import { usePayeeIdentity } from '../api/payee-identity';
import { usePayoutsYearToDate } from '../api/year-to-date';
import { usePayoutsText } from '../i18n';
import { PayeeProfileForm } from './payee-profile-form';
import { PayoutsStatementDialog } from './payouts-statement';
import { unbroken } from './unbroken';
import './payouts.css';

export function PayoutsSetting() {
  const t = usePayoutsText();
  const year = usePayoutsYearToDate().data;
  const payee = usePayeeIdentity().data;
  const [editing, setEditing] = useState(false);
  const [statementYear, setStatementYear] = useState<number | null>(null);
  if (!year || !payee) return null;
  return (
    <section className="settings-section payouts" aria-labelledby="settings-payouts">
      <h3 className="settings-section__title" id="settings-payouts">
        {t('setting.title')}
      </h3>
      <p>
        {t('setting.paid', {
          year: year.year,
          paid: formatMoney(year.paid_cents),
          payments: year.payments,
        })}
        {year.pending_cents > 0
          ? ` ${t('setting.pending', { pending: formatMoney(year.pending_cents) })}`
          : ''}
      </p>
      {payee.payee ? (
        <p className="text-muted">
          {t('setting.onFile', {
            name: payee.payee.legal_name,
            masked: unbroken(payee.payee.taxpayer_id_masked),
          })}
        </p>
      ) : (
        <p className="text-muted">
          {year.payee_country === 'CA'
            ? t('setting.neededAny')
            : t('setting.needed', { threshold: formatMoney(year.identity_threshold_cents) })}
        </p>
      )}
      <div className="payouts__actions">
        <Button variant="secondary" size="md" onClick={() => setEditing(true)}>
          {payee.payee ? t('setting.edit') : t('setting.complete')}
        </Button>
        <Button variant="secondary" size="md" onClick={() => setStatementYear(year.year)}>
          {t('setting.statement', { year: year.year })}
        </Button>
        <Button variant="secondary" size="md" onClick={() => setStatementYear(year.year - 1)}>
          {t('setting.statement', { year: year.year - 1 })}
        </Button>
      </div>
      <Dialog open={editing} onOpenChange={setEditing} title={t('form.title')} className="payee">
        <PayeeProfileForm saved={payee.payee} onSaved={() => setEditing(false)} />
      </Dialog>
      {statementYear !== null ? (
        <PayoutsStatementDialog year={statementYear} onClose={() => setStatementYear(null)} />
      ) : null}
    </section>
  );
}
