// Each member's payee status in the console (issue 43): the members list's filter and the
// line on each row (a payee profile on file, payouts held until there is one), and on the
// member's profile their payee profile, its taxpayer id masked, and the year's payouts.
import {
  ADMIN_PAYEE_FILTERS,
  type AdminMemberDetail,
  type AdminMemberSummary,
  type AdminPayeeFilter,
} from '@bidboard/shared';
import { formatDate, formatMoney } from '@/lib/i18n/format';
import { useAdminPayeesText } from './i18n';

const FILTER_LABEL = {
  all: 'filter.all',
  payee_profile_complete: 'filter.payee_profile_complete',
  awaiting_payee_profile: 'filter.awaiting_payee_profile',
} as const satisfies Record<AdminPayeeFilter, string>;

export function isPayeeFilter(value: string | null): value is AdminPayeeFilter {
  return ADMIN_PAYEE_FILTERS.some((f) => f === value);
}

export function PayeeFilter({
  value,
  onChange,
}: {
  value: AdminPayeeFilter;
  onChange: (next: AdminPayeeFilter) => void;
}) {
  const t = useAdminPayeesText();
  return (
    <label className="admin-field">
      <span>{t('filter.label')}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as AdminPayeeFilter)}>
        {ADMIN_PAYEE_FILTERS.map((f) => (
          <option key={f} value={f}>
            {t(FILTER_LABEL[f])}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The row's payee words, or nothing for a member who is neither. */
export function usePayeeStatusText(member: AdminMemberSummary): string | null {
  const t = useAdminPayeesText();
  if (member.awaiting_payee_profile > 0)
    return t('status.held', { count: member.awaiting_payee_profile });
  return member.payee_profile_complete ? t('status.complete') : null;
}

export function MemberPayee({ member }: { member: AdminMemberDetail }) {
  const t = useAdminPayeesText();
  const { payee, payouts_year: year } = member;
  return (
    <>
      <h3 className="admin-subtitle">{t('member.title')}</h3>
      <p className="admin-card__meta">
        {t('member.paid', {
          year: year.year,
          paid: formatMoney(year.paid_cents),
          payments: year.payments,
        })}
        {year.pending_cents > 0
          ? ` ${t('member.pending', { pending: formatMoney(year.pending_cents) })}`
          : ''}
      </p>
      {member.awaiting_payee_profile > 0 ? (
        <p className="admin-error">{t('status.held', { count: member.awaiting_payee_profile })}</p>
      ) : null}
      {payee ? (
        <dl className="admin-details">
          <div>
            <dt>{t('member.legalName')}</dt>
            <dd>{payee.legal_name}</dd>
          </div>
          <div>
            <dt>{t('member.address')}</dt>
            <dd>
              {[payee.address_line1, payee.address_line2].filter(Boolean).join(', ')}, {payee.city}{' '}
              {payee.region} {payee.postal_code}, {payee.country}
            </dd>
          </div>
          <div>
            <dt>{t('member.taxpayerId')}</dt>
            <dd>
              {payee.taxpayer_id_type.toUpperCase()} {payee.taxpayer_id_masked}
            </dd>
          </div>
          <div>
            <dt>{t('member.certified')}</dt>
            <dd>{formatDate(payee.certified_at, { dateStyle: 'medium' })}</dd>
          </div>
        </dl>
      ) : (
        <p className="admin-empty">{t('member.none')}</p>
      )}
    </>
  );
}
