// The page a trusted contact opens from Share My Date's text (issue 45; product rules,
// Dates): no sign-in; only whom the member meets (username, first photo, age), when and
// where, and the member's check-in. A wrong, expired or revoked link is one and the same
// 'not available' (the server answers 404 alike); after the plan's day ends the page says
// so too. It reads the date again every minute, so a check-in answer shows up. The
// Bidboard mark heads it (the contact may never have heard of us), and it ends with what
// the contact can do now: call the member when they asked for help, else nothing yet
// (we text them if the member does), STOP for no more texts.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { formatDate } from '@/lib/i18n/format';
import { useSharedDate } from '../api/dates';
import { useDatesText } from '../i18n';
import './dates.css';

const CHECK_IN = {
  not_yet: 'page.checkIn.not_yet',
  asked: 'page.checkIn.asked',
  safe: 'page.checkIn.safe',
  help: 'page.checkIn.help',
  escalated: 'page.checkIn.escalated',
} as const;

/** The check-in states in which the member asked for help, or said nothing when asked. */
const NEEDS_YOU = new Set(['help', 'escalated']);

export function SharedDatePage({ token }: { token: string }) {
  const t = useDatesText();
  const query = useSharedDate(token);
  const date = query.data;
  const live = date && new Date(date.expiresAt).getTime() > Date.now();
  const title = t('page.title');

  useEffect(() => {
    document.title = `${title} · Bidboard`;
    return () => {
      document.title = 'Bidboard';
    };
  }, [title]);

  return (
    <main className="shared-date-screen">
      <header className="shared-date__bar">
        <Link to="/" className="shared-date__brand" aria-label={t('page.home')}>
          <Logo size="sm" />
        </Link>
      </header>
      <section className="shared-date" aria-labelledby="shared-date-title">
        <h1 id="shared-date-title" className="shared-date__title">
          {t('page.title')}
        </h1>
        {query.isPending ? (
          <p>{t('page.loading')}</p>
        ) : !live ? (
          <>
            <p role="status">{t('page.gone')}</p>
            <section className="shared-date__next" aria-labelledby="shared-date-next">
              <h2 id="shared-date-next">{t('page.next.title')}</h2>
              <p>{t('page.next.gone')}</p>
              <ButtonLink to="/" variant="secondary" size="md">
                {t('page.next.visit')}
              </ButtonLink>
            </section>
          </>
        ) : (
          <>
            <div className="shared-date__partner">
              {date.partner.photo ? (
                <img className="shared-date__photo" src={date.partner.photo} alt="" />
              ) : null}
              <div>
                <p className="shared-date__label">{t('page.meeting')}</p>
                <p className="shared-date__name">{date.partner.username ?? '—'}</p>
                {date.partner.age !== null ? (
                  <p>{t('page.age', { age: date.partner.age })}</p>
                ) : null}
              </div>
            </div>
            <dl className="date-card__facts">
              <dt>{t('card.when')}</dt>
              <dd>
                {formatDate(date.startsAt, {
                  weekday: 'short',
                  month: 'short',
                  day: 'numeric',
                  hour: 'numeric',
                  minute: '2-digit',
                  timeZone: date.timeZone,
                  timeZoneName: 'short',
                })}
              </dd>
              <dt>{t('card.where')}</dt>
              <dd>{date.place}</dd>
              <dt>{t('page.checkIn')}</dt>
              <dd>{t(CHECK_IN[date.checkIn])}</dd>
            </dl>
            <p className="date-form__help">
              {t('page.expires', {
                until: formatDate(date.expiresAt, {
                  month: 'short',
                  day: 'numeric',
                  hour: 'numeric',
                  minute: '2-digit',
                  timeZone: date.timeZone,
                  timeZoneName: 'short',
                }),
              })}
            </p>
            <section className="shared-date__next" aria-labelledby="shared-date-next">
              <h2 id="shared-date-next">{t('page.next.title')}</h2>
              {NEEDS_YOU.has(date.checkIn) ? (
                <>
                  <p className="shared-date__urgent">{t('page.next.help')}</p>
                  <ButtonLink to="tel:911" size="md">
                    {t('page.next.call911')}
                  </ButtonLink>
                </>
              ) : (
                <p>{t('page.next.wait')}</p>
              )}
              <p className="date-form__help">{t('page.next.stop')}</p>
            </section>
          </>
        )}
        <p className="date-card__fine">{t('page.noEmergency')}</p>
      </section>
    </main>
  );
}
