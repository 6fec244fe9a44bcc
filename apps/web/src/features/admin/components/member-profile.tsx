// One member: profile, photos and verification video (signed URLs), and the decisions:
// approve or reject with a reason, suspend or restore, token adjustment with a reason.
import type { AdminMemberDetail } from '@bidboard/shared';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatTokens } from '@/lib/format';
import { adjustTokens, approveMember, rejectMember, useAdminMember } from '../api/members';
import { useAdminAction } from '../api/use-admin-action';
import { formatWhen } from '../lib/format';
import { MemberPayee } from '../payees/payee-status';
import { DeleteMemberForm } from './delete-member-form';
import { MediaCard } from './media-card';
import { ReasonForm } from './reason-form';
import { ActionError, QueryState, Section } from './section';
import { StatusBadge } from './status-badge';
import { SuspensionActions } from './suspension-actions';
import { TokenAdjustmentForm } from './token-adjustment-form';
import './members.css';

function Details({ member }: { member: AdminMemberDetail }) {
  const rows: [string, string | null][] = [
    ['Phone', member.phone_number],
    ['Email', member.email],
    ['Joined', formatWhen(member.created_at)],
    ['Birth date', member.birth_date],
    ['Gender', member.gender],
    ['Seeking', member.seeking_gender],
    ['Location', [member.city, member.state, member.country].filter(Boolean).join(', ') || null],
    [
      'Tokens',
      `${formatTokens(member.token_balance)} (${formatTokens(member.redeemable_tokens)} redeemable)`,
    ],
    ['Onboarding', member.onboarded ? 'Finished' : 'Not finished'],
    ['Bio', member.short_bio],
  ];
  return (
    <dl className="admin-details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function ApprovalActions({ member }: { member: AdminMemberDetail }) {
  const approve = useAdminAction(() => approveMember(member.id));
  const reject = useAdminAction((reason: string) => rejectMember(member.id, reason));
  if (member.status === 'approved') return <p>This member is approved.</p>;
  if (member.status === 'deleted' || member.status === 'suspended') {
    return <p>Approval waits until the member is restored.</p>;
  }
  return (
    <div className="admin-actions">
      {member.status === 'rejected' ? (
        <p>
          Rejected: <q>{member.rejection_reason}</q>. They can still be approved.
        </p>
      ) : null}
      <Button size="md" busy={approve.isPending} onClick={() => approve.mutate(undefined)}>
        Approve member
      </Button>
      <ActionError text={approve.errorText} />
      {member.status === 'pending' ? (
        <ReasonForm
          label="Reason for rejecting (the member sees it)"
          submitLabel="Reject member"
          busy={reject.isPending}
          error={reject.errorText}
          onSubmit={(reason) => reject.mutate(reason)}
        />
      ) : null}
    </div>
  );
}

export function MemberProfile() {
  const id = Number(useParams().id);
  const query = useAdminMember(id);
  const member = query.data?.member;
  return (
    <Section title={member?.username ?? 'Member'}>
      <Link to="/admin/members" className="admin-back">
        ← All members
      </Link>
      <QueryState query={query} loading="Loading the member…">
        {member ? (
          <div className="admin-profile">
            <div className="admin-profile__head">
              <StatusBadge status={member.status} />
              {member.role === 'admin' ? <span className="admin-badge">Admin</span> : null}
            </div>
            <Details member={member} />
            <h3 className="admin-subtitle">Photos</h3>
            {member.photos.length ? (
              <ul className="admin-media-grid">
                {member.photos.map((photo) => (
                  <MediaCard key={photo.id} item={photo} />
                ))}
              </ul>
            ) : (
              <p className="admin-empty">No photos.</p>
            )}
            <h3 className="admin-subtitle">Verification video</h3>
            {member.videos.length ? (
              <ul className="admin-media-grid">
                {member.videos.map((video) => (
                  <MediaCard key={video.id} item={video} />
                ))}
              </ul>
            ) : (
              <p className="admin-empty">No verification video.</p>
            )}
            <h3 className="admin-subtitle">Approval</h3>
            <ApprovalActions member={member} />
            <h3 className="admin-subtitle">Suspension</h3>
            <SuspensionActions member={member} />
            {member.status === 'deleted' ? null : (
              <>
                <h3 className="admin-subtitle">Account deletion</h3>
                <DeleteMemberForm member={member} />
              </>
            )}
            <h3 className="admin-subtitle">Tokens</h3>
            <TokenAdjustmentForm member={member} adjust={adjustTokens} />
            <MemberPayee member={member} />
          </div>
        ) : null}
      </QueryState>
    </Section>
  );
}
