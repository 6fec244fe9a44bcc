// The page a trusted contact opens from Share My Date's text (issue 45; product rules,
// Dates): no sign-in; only whom the member meets (username, first photo, age), when and
// where, and the member's check-in. A wrong, expired or revoked link is one and the same
// 'not available' (the server answers 404 alike); after the plan's day ends the page says
// so too. It reads the date again every minute, so a check-in answer shows up.
import { Screen } from '@/components/ui/screen';
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

export function SharedDatePage({ token }: { token: string }) {
  const t = useDatesText();
  const query = useSharedDate(token);
  const date = query.data;
  const live = date && new Date(date.expiresAt).getTime() > Date.now();

  return (
    <Screen>
      <section className="shared-date" aria-labelledby="shared-date-title">
        <h1 id="shared-date-title" className="shared-date__title">
          {t('page.title')}
        </h1>
        {query.isPending ? (
          <p>{t('page.loading')}</p>
        ) : !live ? (
          <p role="status">{t('page.gone')}</p>
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
                }),
              })}
            </p>
          </>
        )}
        <p className="date-card__fine">{t('page.noEmergency')}</p>
      </section>
    </Screen>
  );
}
