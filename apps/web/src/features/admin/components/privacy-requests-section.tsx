// Members' privacy requests (issue 42): each open correction request with what the member
// wrote and the date the law's 30 days run out, soonest first; 'Answered' closes it once the
// member has been answered.
import type { AdminPrivacyRequest } from '@bidboard/shared';
import { Button } from '@/components/ui/button';
import { answerPrivacyRequest, usePrivacyRequests } from '../api/privacy-requests';
import { useAdminAction } from '../api/use-admin-action';
import { formatWhen } from '../lib/format';
import { ActionError, QueryState, Section } from './section';

function RequestRow({ request }: { request: AdminPrivacyRequest }) {
  const answer = useAdminAction(() => answerPrivacyRequest(request.id));
  return (
    <li className="admin-card">
      <p>
        <strong>{request.username ?? `member ${request.user_id}`}</strong>: correct{' '}
        {request.field.replace('_', ' ')}. Due {formatWhen(request.due_at)} (asked{' '}
        {formatWhen(request.created_at)})
      </p>
      <p>
        <q>{request.details}</q>
      </p>
      <Button
        size="md"
        variant="secondary"
        busy={answer.isPending}
        onClick={() => answer.mutate(undefined)}
      >
        Answered
      </Button>
      <ActionError text={answer.errorText} />
    </li>
  );
}

export function PrivacyRequestsSection() {
  const query = usePrivacyRequests();
  return (
    <Section
      title="Privacy requests"
      intro="Correction requests from the Privacy Center. Each is answered within 30 days of being asked."
    >
      <QueryState query={query} loading="Loading privacy requests">
        {query.data?.requests.length ? (
          <ul className="admin-list">
            {query.data.requests.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No open privacy requests.</p>
        )}
      </QueryState>
    </Section>
  );
}
