// Year-end payee reports (issue 43; product rules, Payouts): per country and New York
// calendar year, every member paid, their payee profile, what they were paid and whether
// it is reportable. Ids are masked, and a Canadian individual's date of birth shows its year; the full-id report is an explicit admin act written to
// the audit log with the report's year and country, in the transaction that reads the ids.
import { formatTaxpayerId, maskTaxpayerId, type PayeeReportQuery } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { newYorkYearBounds } from '../../lib/new-york-date';
import { recordAdminAction } from '../audit';
import { payeeReportCsv, type ReportedPayee } from './payee-report.csv';
import { type PaidPayeeRow, paidPayees } from './payee-report.repository';
import type { PayeesContext } from './payees.service';

export interface PayeeReport {
  filename: string;
  csv: string;
}

const masked = (p: PaidPayeeRow) =>
  p.taxpayer_id_type && p.taxpayer_id_last4
    ? maskTaxpayerId(p.taxpayer_id_type, p.taxpayer_id_last4)
    : '';

/** A date of birth in the shared report: its year only; the full-id report has the date. */
const maskedBirthDate = (p: PaidPayeeRow) =>
  p.birth_date ? `${p.birth_date.slice(0, 4)}-••-••` : '';

function report(query: PayeeReportQuery, payees: ReportedPayee[], suffix = ''): PayeeReport {
  return {
    filename: `payees-${query.year}-${query.country}${suffix}.csv`,
    csv: payeeReportCsv(query.country, query.year, payees),
  };
}

const readPayees = (db: Executor, query: PayeeReportQuery) =>
  paidPayees(db, query.country, newYorkYearBounds(query.year));

export async function payeeReport(
  ctx: Pick<PayeesContext, 'db'>,
  query: PayeeReportQuery,
): Promise<PayeeReport> {
  const payees = await readPayees(ctx.db, query);
  return report(
    query,
    payees.map((p) => ({ ...p, tin: masked(p), dob: maskedBirthDate(p) })),
  );
}

/** `adminId` null: the operator CLI. */
export async function payeeReportWithFullIds(
  ctx: Pick<PayeesContext, 'db' | 'payeeIds'>,
  query: PayeeReportQuery,
  adminId: number | null,
): Promise<PayeeReport> {
  return ctx.db.transaction(async (tx) => {
    const payees = (await readPayees(tx, query)).map((p) => ({
      ...p,
      tin: fullId(ctx, p),
      dob: p.birth_date ?? '',
    }));
    await recordAdminAction(tx, {
      adminId,
      action: 'payee_report.full_ids',
      targetType: 'payee_report',
      targetId: `${query.year}-${query.country}`,
      after: { year: query.year, country: query.country, payees: payees.length },
    });
    return report(query, payees, '-full-ids');
  });
}

function fullId(ctx: Pick<PayeesContext, 'payeeIds'>, p: PaidPayeeRow): string {
  if (!p.taxpayer_id_type || !p.taxpayer_id_sealed || !p.taxpayer_id_key) return '';
  const digits = ctx.payeeIds.open(p.user_id, {
    keyId: p.taxpayer_id_key,
    sealed: p.taxpayer_id_sealed,
  });
  return formatTaxpayerId(p.taxpayer_id_type, digits);
}
