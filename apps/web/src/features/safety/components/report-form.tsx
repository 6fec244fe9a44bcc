// The report: one reason of six, optional text (500 characters), and "Also block" ticked
// by default. Send stays disabled until a reason is chosen, and says so.
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  SAFETY_MESSAGES,
} from '@bidboard/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
// The text fields look like every other settings field.
import '@/components/ui/settings-field/settings-field.css';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { useReportMember } from '../api/report-member';
import { useSafetyText } from '../i18n';
import type { SafetyTarget } from './member-safety-button';

interface ReportFormProps {
  member: SafetyTarget;
  onCancel: () => void;
  onSent: (message: string, blocked: boolean) => void;
}

export function ReportForm({ member, onCancel, onSent }: ReportFormProps) {
  const t = useSafetyText();
  const { sharedText } = useSharedText();
  const username = member.username;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(true);
  const report = useReportMember();
  const ids = useId();

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    report.mutate(
      { user_id: member.id, reason, text: text.trim() || undefined, block: alsoBlock },
      { onSuccess: (result) => onSent(sharedText(result.message), result.blocked) },
    );
  };

  return (
    <form className="report-form" onSubmit={handleSubmit}>
      <fieldset className="report-form__reasons">
        <legend className="settings-field__label">{t('report.why', { username })}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="report-form__reason">
            <input
              type="radio"
              name={`${ids}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            <span>{sharedText(REPORT_REASON_LABELS[value])}</span>
          </label>
        ))}
      </fieldset>
      <div className="settings-field">
        <label className="settings-field__label" htmlFor={`${ids}-text`}>
          {t('report.more')}
        </label>
        <textarea
          id={`${ids}-text`}
          className="settings-textarea"
          value={text}
          maxLength={REPORT_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
        />
        <span className="settings-field__hint">
          {text.length}/{REPORT_TEXT_MAX}
        </span>
      </div>
      <label className="report-form__block">
        <input
          type="checkbox"
          checked={alsoBlock}
          onChange={(event) => setAlsoBlock(event.target.checked)}
        />
        <span>{t('report.alsoBlock', { username })}</span>
      </label>
      <p className="safety-dialog__note">{t('report.note', { username })}</p>
      {report.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(report.error, SAFETY_MESSAGES.failedToReport)}
        </p>
      ) : null}
      {reason ? null : (
        <p className="settings-field__hint" id={`${ids}-why`}>
          {t('report.chooseReason')}
        </p>
      )}
      <div className="safety-dialog__actions">
        <Button variant="secondary" size="md" onClick={onCancel}>
          {t('report.cancel')}
        </Button>
        <Button
          type="submit"
          size="md"
          disabled={!reason}
          busy={report.isPending}
          aria-describedby={reason ? undefined : `${ids}-why`}
        >
          {t('report.send')}
        </Button>
      </div>
    </form>
  );
}
