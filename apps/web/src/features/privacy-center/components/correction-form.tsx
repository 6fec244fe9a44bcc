// A correction request (issue 42) for what the member cannot edit themselves: what is wrong
// and what it should say; the admins answer within 30 days, the due date shown once sent.
import {
  CORRECTABLE_FIELDS,
  type CorrectableField,
  PRIVACY_REQUEST_TEXT_MAX,
} from '@bidboard/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import '@/components/ui/settings-field/settings-field.css';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/i18n/format';
import { useRequestCorrection } from '../api/privacy';
import { usePrivacyText } from '../i18n';

/** Each field's label key, written out so the catalogue check sees every key used. */
export const FIELD_KEYS = {
  phone_number: 'field.phone_number',
  verification: 'field.verification',
  token_history: 'field.token_history',
  connections: 'field.connections',
  moderation: 'field.moderation',
  other: 'field.other',
} as const satisfies Record<CorrectableField, string>;

export function CorrectionForm() {
  const t = usePrivacyText();
  const id = useId();
  const request = useRequestCorrection();
  const [field, setField] = useState<CorrectableField>('phone_number');
  const [details, setDetails] = useState('');
  const [missing, setMissing] = useState(false);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!details.trim()) return setMissing(true);
    setMissing(false);
    request.mutate({ field, details: details.trim() }, { onSuccess: () => setDetails('') });
  };
  const due = request.data?.requests[0]?.due_at;
  return (
    <form className="privacy-form" onSubmit={handleSubmit} noValidate>
      <label htmlFor={`${id}-field`}>{t('fieldLabel')}</label>
      <select
        id={`${id}-field`}
        className="settings-select"
        value={field}
        onChange={(event) => setField(event.target.value as CorrectableField)}
      >
        {CORRECTABLE_FIELDS.map((option) => (
          <option key={option} value={option}>
            {t(FIELD_KEYS[option])}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-details`}>{t('detailsLabel')}</label>
      <textarea
        id={`${id}-details`}
        className="settings-textarea"
        value={details}
        rows={3}
        maxLength={PRIVACY_REQUEST_TEXT_MAX}
        aria-invalid={missing || undefined}
        onChange={(event) => setDetails(event.target.value)}
      />
      {missing ? (
        <p className="field-error" role="alert">
          {t('detailsRequired')}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" size="md" busy={request.isPending}>
        {t('send')}
      </Button>
      {request.isSuccess && due ? (
        <p role="status">{t('sent', { date: formatDate(due, { dateStyle: 'medium' }) })}</p>
      ) : null}
      {request.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(request.error, t('sendFailed'))}
        </p>
      ) : null}
    </form>
  );
}
