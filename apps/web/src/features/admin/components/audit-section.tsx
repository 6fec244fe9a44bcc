// The audit log: every admin action, who did it, to what, before and after. Read-only.
import type { AuditEntry } from '@bidboard/shared';
import { Button } from '@/components/ui/button';
import { useAuditLog } from '../api/audit';
import { formatWhen } from '../lib/format';
import { QueryState, Section } from './section';
import './audit-section.css';

const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value, null, 1));

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="admin-card">
      <p className="admin-card__title">
        <code>{entry.action}</code> on {entry.target_type}
        {entry.target_id ? ` ${entry.target_id}` : ''}
      </p>
      <p className="admin-card__meta">
        {entry.admin_username ?? (entry.admin_id ? `Admin ${entry.admin_id}` : 'Operator CLI')} ·{' '}
        {formatWhen(entry.created_at)}
      </p>
      <details className="admin-audit__change">
        <summary>Before and after</summary>
        <div className="admin-audit__diff">
          <figure>
            <figcaption>Before</figcaption>
            <pre>{json(entry.before)}</pre>
          </figure>
          <figure>
            <figcaption>After</figcaption>
            <pre>{json(entry.after)}</pre>
          </figure>
        </div>
      </details>
    </li>
  );
}

export function AuditSection() {
  const query = useAuditLog();
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Section
      title="Audit log"
      intro="Every admin action, newest first. Entries cannot be edited or deleted."
    >
      <QueryState query={query} loading="Loading the audit log…">
        {entries.length ? (
          <ul className="admin-list">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No admin action yet.</p>
        )}
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            size="md"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load older entries
          </Button>
        ) : null}
      </QueryState>
    </Section>
  );
}
