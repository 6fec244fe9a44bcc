// The member's yearly statement (issue 43): who paid, the payee as on file (id masked),
// each payout paid in the year with its date, fee and amount, the totals, and what was
// earned before fees (the figure the US report's box 1 carries). Printable: the browser's
// print (or "Save as PDF") prints the statement alone.
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/sheet';
import { formatDate, formatMoney } from '@/lib/i18n/format';
import { usePayoutsStatement } from '../api/statement';
import { usePayoutsText } from '../i18n';
import { unbroken } from './unbroken';

export function PayoutsStatementDialog({ year, onClose }: { year: number; onClose: () => void }) {
  const t = usePayoutsText();
  const statement = usePayoutsStatement(year, true).data;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('statement.title', { year })}
      className="payouts-statement"
    >
      {statement ? (
        <article className="statement">
          <p>{t('statement.payer', { payer: statement.payer })}</p>
          {statement.payee ? (
            <p>
              {t('statement.payee', {
                name: statement.payee.legal_name,
                masked: unbroken(statement.payee.taxpayer_id_masked),
              })}
              <br />
              {statement.payee.address_line1}
              {statement.payee.address_line2 ? `, ${statement.payee.address_line2}` : ''},{' '}
              {statement.payee.city} {statement.payee.region} {statement.payee.postal_code}
            </p>
          ) : null}
          {statement.payments.length === 0 ? (
            <p className="text-muted">{t('statement.none', { year })}</p>
          ) : (
            <table className="statement__table">
              <thead>
                <tr>
                  <th scope="col">{t('statement.date')}</th>
                  <th scope="col">{t('statement.reference')}</th>
                  <th scope="col">{t('statement.fee')}</th>
                  <th scope="col">{t('statement.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {statement.payments.map((p) => (
                  <tr key={p.id}>
                    <td>{formatDate(p.paid_at, { dateStyle: 'medium' })}</td>
                    <td>#{p.id}</td>
                    <td>{formatMoney(p.fee_cents)}</td>
                    <td>{formatMoney(p.amount_cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    {t('statement.total')}
                  </th>
                  <td>{formatMoney(statement.fee_total_cents)}</td>
                  <td>{formatMoney(statement.total_cents)}</td>
                </tr>
              </tfoot>
            </table>
          )}
          {statement.payments.length > 0 ? (
            <p>
              {t('statement.gross', {
                amount: formatMoney(statement.total_cents + statement.fee_total_cents),
              })}
            </p>
          ) : null}
          <div className="statement__actions">
            <Button size="md" onClick={() => window.print()}>
              {t('statement.print')}
            </Button>
          </div>
        </article>
      ) : (
        <p className="text-muted">{t('statement.loading')}</p>
      )}
    </Dialog>
  );
}
