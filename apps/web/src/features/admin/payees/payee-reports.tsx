// Payouts, "Year-end payee reports" (issue 43): a year and a country, then the CSV with
// ids masked, or, after a question, with the full ids (the server audits that download).
import { PAYEE_COUNTRIES, type PayeeCountry, productDay } from '@bidboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { downloadPayeeReport } from '../api/payee-report';
import { ActionError } from '../components/section';
import { useAdminPayeesText } from './i18n';

const COUNTRY_LABEL = { US: 'reports.country.US', CA: 'reports.country.CA' } as const;

/** The reports kept to hand: this year's and the five before (the longest retention is 6). */
const YEARS_SHOWN = 6;

export function PayeeReports() {
  const t = useAdminPayeesText();
  const thisYear = productDay(new Date()).year;
  const [year, setYear] = useState(thisYear);
  const [country, setCountry] = useState<PayeeCountry>('US');
  const [confirming, setConfirming] = useState(false);
  const download = useMutation({
    mutationFn: (fullIds: boolean) => downloadPayeeReport({ year, country }, fullIds),
  });
  return (
    <>
      <h3 className="admin-subtitle">{t('reports.title')}</h3>
      <p className="admin-section__intro">{t('reports.lead')}</p>
      <div className="admin-toolbar">
        <label className="admin-field">
          <span>{t('reports.year')}</span>
          <select value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {Array.from({ length: YEARS_SHOWN }, (_, i) => thisYear - i).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t('reports.country')}</span>
          <select
            value={country}
            onChange={(event) => setCountry(event.target.value as PayeeCountry)}
          >
            {PAYEE_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(COUNTRY_LABEL[c])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="admin-actions admin-actions--row">
        <Button size="md" busy={download.isPending} onClick={() => download.mutate(false)}>
          {t('reports.download')}
        </Button>
        <Button size="md" variant="secondary" onClick={() => setConfirming(true)}>
          {t('reports.downloadFull')}
        </Button>
      </div>
      <ActionError text={download.error ? t('reports.failed') : null} />
      <ConfirmDialog
        open={confirming}
        question={t('reports.confirmFull', { year, country: t(COUNTRY_LABEL[country]) })}
        detail={t('reports.confirmFullDetail')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          download.mutate(true);
        }}
      />
    </>
  );
}
