// Share My Date (issue 45; product rules, Dates): the trusted contact's phone number, which
// the server checks as it checks a sign-in number, and whether to text them too when the
// check-in goes unanswered. The contact is texted a link that expires at the end of the
// plan's day; the server's refusal (an invalid number, the member's own, a contact who
// replied STOP) shows here.
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDatesText } from '../i18n';

interface ShareDateFormProps {
  busy: boolean;
  error: string | null;
  onSubmit: (body: { phone: string; escalateOnSilence: boolean }) => void;
  onClose: () => void;
}

export function ShareDateForm({ busy, error, onSubmit, onClose }: ShareDateFormProps) {
  const t = useDatesText();
  const id = useId();
  const [phone, setPhone] = useState('');
  const [escalate, setEscalate] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ phone: phone.trim(), escalateOnSilence: escalate });
  };

  return (
    <form className="date-form" onSubmit={handleSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="date-form__title">
        {t('share.title')}
      </h3>
      <p className="date-form__help">{t('share.explain')}</p>
      <label className="date-form__field">
        <span>{t('share.phone')}</span>
        <input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={32}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </label>
      <label className="date-form__check">
        <input type="checkbox" checked={escalate} onChange={(e) => setEscalate(e.target.checked)} />
        <span>{t('share.escalate')}</span>
      </label>
      {error ? (
        <p className="date-card__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="date-card__actions">
        <Button type="submit" size="md" busy={busy}>
          {t('share.send')}
        </Button>
        <Button variant="ghost" size="md" onClick={onClose}>
          {t('form.close')}
        </Button>
      </div>
    </form>
  );
}
