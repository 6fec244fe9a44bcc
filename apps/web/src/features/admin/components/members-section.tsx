// Members: search by username or phone, filter by approval state, open a profile.
import type { AdminMemberSummary, AdminPayeeFilter } from '@bidboard/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatTokens } from '@/lib/format';
import { MEMBERS_PAGE_SIZE, type MemberFilter, useAdminMembers } from '../api/members';
import { isPayeeFilter, PayeeFilter, usePayeeStatusText } from '../payees/payee-status';
import { QueryState, Section } from './section';
import { StatusBadge } from './status-badge';
import './members.css';

const FILTERS: { value: MemberFilter; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'pending', label: 'Waiting for approval' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

function isFilter(value: string | null): value is MemberFilter {
  return FILTERS.some((f) => f.value === value);
}

function MemberRow({ member }: { member: AdminMemberSummary }) {
  const payee = usePayeeStatusText(member);
  return (
    <li>
      <Link className="admin-member" to={`/admin/members/${member.id}`}>
        {member.profile_picture ? (
          <img className="admin-member__photo" src={member.profile_picture} alt="" />
        ) : (
          <span className="admin-member__photo admin-member__photo--none" aria-hidden="true" />
        )}
        <span className="admin-member__name">
          {member.username ?? 'No username yet'}
          <span className="admin-member__meta">
            {member.phone_number ?? 'no phone'} · {formatTokens(member.token_balance)} tokens
            {member.onboarded ? '' : ' · onboarding'}
            {payee ? ` · ${payee}` : ''}
          </span>
        </span>
        <StatusBadge status={member.status} />
      </Link>
    </li>
  );
}

export function MembersSection() {
  const [params, setParams] = useSearchParams();
  const initial = params.get('status');
  const [status, setStatus] = useState<MemberFilter>(isFilter(initial) ? initial : 'all');
  const initialPayee = params.get('payee');
  const [payee, setPayee] = useState<AdminPayeeFilter>(
    isPayeeFilter(initialPayee) ? initialPayee : 'all',
  );
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const query = useAdminMembers(q, status, page, payee);
  const filterParams = (next: { status: MemberFilter; payee: AdminPayeeFilter }) =>
    Object.fromEntries(Object.entries(next).filter(([, value]) => value !== 'all'));
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));

  return (
    <Section title="Members">
      <div className="admin-toolbar">
        <label className="admin-field">
          <span>Search members</span>
          <input
            type="search"
            value={q}
            maxLength={50}
            placeholder="Username or phone"
            onChange={(event) => {
              setQ(event.target.value);
              setPage(0);
            }}
          />
        </label>
        <label className="admin-field">
          <span>Show</span>
          <select
            value={status}
            onChange={(event) => {
              const next = event.target.value as MemberFilter;
              setStatus(next);
              setPage(0);
              setParams(filterParams({ status: next, payee }), { replace: true });
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <PayeeFilter
          value={payee}
          onChange={(next) => {
            setPayee(next);
            setPage(0);
            setParams(filterParams({ status, payee: next }), { replace: true });
          }}
        />
      </div>
      <QueryState query={query} loading="Loading members…">
        <p className="admin-count" role="status">
          {total === 1 ? '1 member' : `${formatTokens(total)} members`}
        </p>
        {query.data?.members.length ? (
          <ul className="admin-list">
            {query.data.members.map((member) => (
              <MemberRow key={member.id} member={member} />
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No member matches.</p>
        )}
        {pages > 1 ? (
          <div className="admin-pager">
            <Button
              variant="secondary"
              size="md"
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </Button>
            <span>
              Page {page + 1} of {pages}
            </span>
            <Button
              variant="secondary"
              size="md"
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </div>
        ) : null}
      </QueryState>
    </Section>
  );
}
