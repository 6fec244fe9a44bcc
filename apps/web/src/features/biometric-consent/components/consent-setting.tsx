// Profile Settings, "Face matching" (issue 42): whether the member's face is measured, and
// withdrawing consent behind a confirmation; the server deletes every face measurement at
// once and leaves the member out of duplicate checks.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/i18n/format';
import { useBiometricConsent, useWithdrawConsent } from '../api/biometric-consent';
import { useConsentText } from '../i18n';
import './consent.css';

export function BiometricConsentSetting() {
  const t = useConsentText();
  const state = useBiometricConsent();
  const withdraw = useWithdrawConsent();
  const [confirming, setConfirming] = useState(false);
  if (!state.data) return null;
  const agreed = state.data.decision === 'agreed';
  const handleConfirm = () => {
    setConfirming(false);
    withdraw.mutate();
  };
  return (
    <section className="settings-section consent-setting" aria-labelledby="settings-face">
      <h3 className="settings-section__title" id="settings-face">
        {t('setting.title')}
      </h3>
      <p className="text-muted">
        {agreed
          ? t('setting.on', {
              date: formatDate(state.data.decided_at ?? Date.now(), { dateStyle: 'long' }),
            })
          : t('setting.off')}
      </p>
      {withdraw.isSuccess ? <p role="status">{t('setting.withdrawn')}</p> : null}
      {withdraw.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(withdraw.error, t('setting.failed'))}
        </p>
      ) : null}
      {agreed ? (
        <div>
          <Button
            variant="secondary"
            size="md"
            busy={withdraw.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('setting.withdraw')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        question={t('setting.confirm')}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
