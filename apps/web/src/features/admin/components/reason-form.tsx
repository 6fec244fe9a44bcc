// An action that needs a written reason (reject, suspend, adjust, mark failed): the
// reason is required, and the server's refusal is shown under the button.
import { ADMIN_MESSAGES } from '@bidboard/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ActionError } from './section';

interface ReasonFormProps {
  label: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (reason: string) => void;
  /** Extra fields above the reason (an amount). */
  children?: ReactNode;
  variant?: 'primary' | 'secondary';
}

export function ReasonForm({
  label,
  submitLabel,
  busy,
  error,
  onSubmit,
  children,
  variant = 'secondary',
}: ReasonFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(reason.trim());
  };
  return (
    <form className="admin-form" onSubmit={handleSubmit} noValidate>
      {children}
      <label className="admin-field" htmlFor={id}>
        <span>{label}</span>
      </label>
      <textarea
        id={id}
        value={reason}
        maxLength={500}
        rows={2}
        aria-invalid={missing || undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {missing ? (
        <p className="admin-error" role="alert">
          {ADMIN_MESSAGES.reasonRequired}
        </p>
      ) : null}
      <Button type="submit" variant={variant} size="md" busy={busy}>
        {submitLabel}
      </Button>
      <ActionError text={error} />
    </form>
  );
}
