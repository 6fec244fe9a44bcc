// The reports queue: each report's age against the 24-hour target, and the actions:
// dismiss, warn, remove a photo or a prompt answer (issue 44), suspend. The reported member
// is never told who reported.
import {
  type AdminReport,
  PROMPT_TEXTS,
  REPORT_TARGET_HOURS,
  type ReportStatus,
} from '@bidboard/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAdminMember } from '../api/members';
import { actOnReport, type ReportDecision, useReports } from '../api/reports';
import { useAdminAction } from '../api/use-admin-action';
import { formatWhen } from '../lib/format';
import { ReasonForm } from './reason-form';
import { RiskSignals } from './risk-signals';
import { ActionError, QueryState, Section } from './section';
import './members.css';
import './reports-section.css';

const STATUSES: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'actioned', label: 'Actioned' },
  { value: 'dismissed', label: 'Dismissed' },
];

function Age({ report }: { report: AdminReport }) {
  const hours = report.age_hours;
  const age = hours < 1 ? 'under an hour' : hours === 1 ? '1 hour' : `${hours} hours`;
  if (report.status !== 'open') return <span>Handled after {age}</span>;
  const left = REPORT_TARGET_HOURS - hours;
  return (
    <span>
      Open for {age} ·{' '}
      {report.overdue ? (
        <span className="admin-badge admin-badge--overdue">Past the 24-hour target</span>
      ) : (
        `${left} ${left === 1 ? 'hour' : 'hours'} left of the 24-hour target`
      )}
    </span>
  );
}

function PhotoChoice({
  userId,
  onRemove,
  busy,
}: {
  userId: number;
  onRemove: (photoId: number) => void;
  busy: boolean;
}) {
  const query = useAdminMember(userId);
  const [chosen, setChosen] = useState<number | null>(null);
  const photos = query.data?.member.photos ?? [];
  return (
    <QueryState query={query} loading="Loading their photos…">
      {photos.length ? (
        <fieldset className="admin-photo-choice">
          <legend>Choose the photo to remove</legend>
          {photos.map((photo) => (
            <label key={photo.id} className="admin-photo-choice__option">
              <input
                type="radio"
                name={`photo-${userId}`}
                checked={chosen === photo.id}
                onChange={() => setChosen(photo.id)}
              />
              <img src={photo.thumbnail_url ?? photo.url} alt={`Slot ${photo.display_order}`} />
            </label>
          ))}
          <Button
            size="md"
            busy={busy}
            onClick={() => (chosen ? onRemove(chosen) : undefined)}
            disabled={chosen === null}
            aria-describedby={chosen === null ? `photo-hint-${userId}` : undefined}
          >
            Remove this photo
          </Button>
          {chosen === null ? (
            <p id={`photo-hint-${userId}`} className="admin-card__meta">
              Pick a photo first.
            </p>
          ) : null}
        </fieldset>
      ) : (
        <p className="admin-empty">They have no photos left.</p>
      )}
    </QueryState>
  );
}

function seconds(ms: number) {
  return `${Math.round(ms / 1000)} s`;
}

/** The reported member's prompt answers: the words, or the recording to hear first. */
function PromptChoice({
  userId,
  onRemove,
  busy,
}: {
  userId: number;
  onRemove: (answerId: number) => void;
  busy: boolean;
}) {
  const query = useAdminMember(userId);
  const [chosen, setChosen] = useState<number | null>(null);
  const prompts = query.data?.member.prompts ?? [];
  return (
    <QueryState query={query} loading="Loading their prompt answers…">
      {prompts.length ? (
        <fieldset className="admin-prompt-choice">
          <legend>Choose the prompt answer to remove</legend>
          {prompts.map((answer) => (
            <div key={answer.id} className="admin-prompt-choice__option">
              <label>
                <input
                  type="radio"
                  name={`prompt-${userId}`}
                  checked={chosen === answer.id}
                  onChange={() => setChosen(answer.id)}
                />
                <span>
                  <strong>{PROMPT_TEXTS[answer.prompt_id]}</strong>{' '}
                  {answer.voice
                    ? `Voice answer, ${seconds(answer.voice.duration_ms)}`
                    : answer.text}
                </span>
              </label>
              {answer.voice ? (
                // biome-ignore lint/a11y/useMediaCaption: a member's voice answer has no captions to give
                <audio controls preload="none" src={answer.voice.url} />
              ) : null}
            </div>
          ))}
          <Button
            size="md"
            busy={busy}
            onClick={() => (chosen ? onRemove(chosen) : undefined)}
            disabled={chosen === null}
            aria-describedby={chosen === null ? `prompt-hint-${userId}` : undefined}
          >
            Remove this answer
          </Button>
          {chosen === null ? (
            <p id={`prompt-hint-${userId}`} className="admin-card__meta">
              Pick an answer first.
            </p>
          ) : null}
        </fieldset>
      ) : (
        <p className="admin-empty">They have no prompt answers left.</p>
      )}
    </QueryState>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const [open, setOpen] = useState<'photo' | 'prompt' | 'suspend' | null>(null);
  const act = useAdminAction((decision: ReportDecision) => actOnReport(report.id, decision));
  const member = report.reported_user;
  const name = member.username ?? `Member ${member.id}`;
  const busy = (action: ReportDecision['action']) =>
    act.isPending && act.variables?.action === action;
  return (
    <li className="admin-card" aria-label={`Report about ${name}`}>
      <div className="admin-report__who">
        {member.profile_picture ? (
          <img className="admin-member__photo" src={member.profile_picture} alt="" />
        ) : null}
        <div>
          <p className="admin-card__title">
            <Link to={`/admin/members/${member.id}`}>{name}</Link>: {report.reason_label}
            {member.suspended ? ' (suspended)' : ''}
            {member.deleted ? ' (deleted)' : ''}
          </p>
          <p className="admin-card__meta">
            <Age report={report} /> · reported {formatWhen(report.created_at)} by{' '}
            {report.reporter
              ? (report.reporter.username ?? `member ${report.reporter.id}`)
              : 'the scam guard'}
            {report.times > 1 ? ` · ${report.times} times` : ''}
          </p>
        </div>
      </div>
      {report.text ? <blockquote className="admin-report__text">{report.text}</blockquote> : null}
      <RiskSignals signals={report.signals} risk={report.risk} />
      {report.status === 'open' ? (
        <>
          <div className="admin-actions admin-actions--row">
            <Button
              size="md"
              variant="secondary"
              busy={busy('dismiss')}
              onClick={() => act.mutate({ action: 'dismiss' })}
            >
              Dismiss
            </Button>
            <Button
              size="md"
              variant="secondary"
              busy={busy('warn')}
              onClick={() => act.mutate({ action: 'warn' })}
            >
              Warn
            </Button>
            <Button
              size="md"
              variant="secondary"
              aria-expanded={open === 'photo'}
              onClick={() => setOpen(open === 'photo' ? null : 'photo')}
            >
              Remove a photo
            </Button>
            <Button
              size="md"
              variant="secondary"
              aria-expanded={open === 'prompt'}
              onClick={() => setOpen(open === 'prompt' ? null : 'prompt')}
            >
              Remove a prompt answer
            </Button>
            <Button
              size="md"
              aria-expanded={open === 'suspend'}
              onClick={() => setOpen(open === 'suspend' ? null : 'suspend')}
            >
              Suspend
            </Button>
          </div>
          {open === 'photo' ? (
            <PhotoChoice
              userId={member.id}
              busy={busy('remove_photo')}
              onRemove={(photoId) => act.mutate({ action: 'remove_photo', photo_id: photoId })}
            />
          ) : null}
          {open === 'prompt' ? (
            <PromptChoice
              userId={member.id}
              busy={busy('remove_prompt')}
              onRemove={(answerId) =>
                act.mutate({ action: 'remove_prompt', prompt_answer_id: answerId })
              }
            />
          ) : null}
          {open === 'suspend' ? (
            <ReasonForm
              label={`Why suspend ${name}? Their sessions end, their auction comes off the board and escrow is refunded.`}
              submitLabel={`Suspend ${name}`}
              variant="primary"
              busy={busy('suspend')}
              error={null}
              onSubmit={(note) => act.mutate({ action: 'suspend', note })}
            />
          ) : null}
          <ActionError text={act.errorText} />
        </>
      ) : (
        <p className="admin-card__meta">
          {report.action ? `Action: ${report.action.replace('_', ' ')}` : 'Handled'}
          {report.note ? ` · ${report.note}` : ''}
        </p>
      )}
    </li>
  );
}

export function ReportsSection() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const query = useReports(status);
  const reports = query.data?.reports ?? [];
  return (
    <Section
      title="Reports"
      intro={`Every report gets a decision within ${REPORT_TARGET_HOURS} hours.`}
    >
      <label className="admin-field">
        <span>Show</span>
        <select value={status} onChange={(event) => setStatus(event.target.value as ReportStatus)}>
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <QueryState query={query} loading="Loading reports…">
        {reports.length ? (
          <ul className="admin-list">
            {reports.map((report) => (
              <ReportCard key={report.id} report={report} />
            ))}
          </ul>
        ) : (
          <p className="admin-empty">
            {status === 'open' ? 'No open reports.' : 'No reports here.'}
          </p>
        )}
      </QueryState>
    </Section>
  );
}
