// The proposal form: a day and a time on the member's own clock (sent with the browser's
// time zone), a place of at most 120 characters and an optional note. The server checks
// all of it again (shared proposeDateBody) and its refusal shows here.
import {
  DATE_NOTE_MAX_LENGTH,
  DATE_PLACE_MAX_LENGTH,
  type ProposeDateBody,
} from '@bidboard/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDatesText } from '../i18n';

interface DatePlanFormProps {
  moving: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (body: ProposeDateBody) => void;
  onClose: () => void;
}

export function DatePlanForm({ moving, busy, error, onSubmit, onClose }: DatePlanFormProps) {
  const t = useDatesText();
  const id = useId();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [day, setDay] = useState('');
  const [time, setTime] = useState('19:00');
  const [place, setPlace] = useState('');
  const [note, setNote] = useState('');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ day, time, timeZone, place, ...(note.trim() ? { note } : {}) });
  };

  return (
    <form className="date-form" onSubmit={handleSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="date-form__title">
        {t(moving ? 'form.suggestTitle' : 'form.title')}
      </h3>
      <div className="date-form__row">
        <label className="date-form__field">
          <span>{t('form.day')}</span>
          <input type="date" required value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
        <label className="date-form__field">
          <span>{t('form.time')}</span>
          <input type="time" required value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
      </div>
      <p className="date-form__help">{t('form.zone', { zone: timeZone })}</p>
      <label className="date-form__field">
        <span>{t('form.place')}</span>
        <input
          type="text"
          required
          maxLength={DATE_PLACE_MAX_LENGTH}
          value={place}
          onChange={(e) => setPlace(e.target.value)}
          aria-describedby={`${id}-place`}
        />
      </label>
      <p id={`${id}-place`} className="date-form__help">
        {t('form.placeHelp')}
      </p>
      <label className="date-form__field">
        <span>{t('form.note')}</span>
        <textarea
          rows={2}
          maxLength={DATE_NOTE_MAX_LENGTH}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {error ? (
        <p className="date-card__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="date-card__actions">
        <Button type="submit" size="md" busy={busy}>
          {t('form.send')}
        </Button>
        <Button variant="ghost" size="md" onClick={onClose}>
          {t('form.close')}
        </Button>
      </div>
    </form>
  );
}
