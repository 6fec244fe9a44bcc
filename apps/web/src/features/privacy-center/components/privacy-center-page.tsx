// The Privacy Center (issue 42, product rules: Lawful to launch): a copy of the member's
// data and deleting the account (the existing Profile Settings actions), face matching and
// its withdrawal, the limit on the use of sensitive information (the server applies it),
// correction requests with their 30-day due dates, and what the browser's Global Privacy
// Control means here: Bidboard sells and shares nothing.
import { Suspense } from 'react';
import { ToggleSwitch } from '@/components/ui/toggle-switch';
import { BiometricConsentSetting } from '@/features/biometric-consent';
import { AccountSettings } from '@/features/safety';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/i18n/format';
import { useLimitSensitive, usePrivacy } from '../api/privacy';
import { usePrivacyText } from '../i18n';
import { CorrectionForm, FIELD_KEYS } from './correction-form';
import { PrivacyOfficer } from './privacy-officer';
import './privacy-center.css';

const day = (iso: string) => formatDate(iso, { dateStyle: 'medium' });

export function PrivacyCenterPage() {
  const t = usePrivacyText();
  const privacy = usePrivacy();
  const limit = useLimitSensitive();
  const state = privacy.data;
  return (
    <div className="privacy-center">
      <h1 className="privacy-center__title">{t('title')}</h1>
      <p className="text-muted">{t('lead')}</p>
      <p className="privacy-center__promise">{t('noSale')}</p>
      <PrivacyOfficer className="text-muted" />
      {privacy.isError ? (
        <p className="field-error" role="alert">
          {t('loadFailed')}
        </p>
      ) : null}
      {state ? (
        <>
          <p className="text-muted">
            {state.gpc_seen_at ? t('gpcOn', { date: day(state.gpc_seen_at) }) : t('gpcOff')}
          </p>
          <section className="settings-section" aria-labelledby="privacy-limit">
            <h2 className="settings-section__title" id="privacy-limit">
              {t('limitHeading')}
            </h2>
            <ToggleSwitch
              label={t('limitTitle')}
              checked={state.limit_sensitive}
              busy={limit.isPending}
              onCheckedChange={(checked) => limit.mutate(checked)}
              description={t('limitDescription')}
            />
            {limit.isError ? (
              <p className="field-error" role="alert">
                {errorMessage(limit.error, t('limitFailed'))}
              </p>
            ) : null}
          </section>
          <section className="settings-section" aria-labelledby="privacy-correct">
            <h2 className="settings-section__title" id="privacy-correct">
              {t('correctTitle')}
            </h2>
            <p className="text-muted">{t('correctLead')}</p>
            <CorrectionForm />
            {state.requests.length > 0 ? (
              <>
                <h3 className="privacy-center__subtitle">{t('requestsTitle')}</h3>
                <ul className="privacy-center__requests">
                  {state.requests.map((request) => (
                    <li key={request.id}>
                      {request.answered_at
                        ? t('requestAnswered', {
                            field: t(FIELD_KEYS[request.field]),
                            answered: day(request.answered_at),
                          })
                        : t('requestOpen', {
                            field: t(FIELD_KEYS[request.field]),
                            asked: day(request.created_at),
                            due: day(request.due_at),
                          })}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </>
      ) : null}
      <Suspense fallback={null}>
        <BiometricConsentSetting />
      </Suspense>
      <AccountSettings />
    </div>
  );
}
