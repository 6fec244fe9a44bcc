// Profile Settings, "Your account": download everything stored about the member as JSON,
// and delete the account behind a confirmation that spells out what happens (issue 11).
import { SAFETY_MESSAGES } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDownloadMyData } from '../api/account';
import { useSafetyText } from '../i18n';
import { DeleteAccountDialog } from './delete-account-dialog';
import './safety.css';

export function AccountSettings() {
  const t = useSafetyText();
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="settings-section" aria-labelledby="settings-account">
      <h3 className="settings-section__title" id="settings-account">
        {t('settings.account')}
      </h3>
      <div className="account-action">
        <p className="text-muted">{t('settings.downloadText')}</p>
        <Button
          variant="secondary"
          size="md"
          busy={download.isPending}
          onClick={() => download.mutate()}
        >
          {t('settings.download')}
        </Button>
        {download.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(download.error, SAFETY_MESSAGES.failedToExport)}
          </p>
        ) : null}
      </div>
      <div className="account-action">
        <p className="text-muted">{t('settings.deleteText')}</p>
        <Button
          variant="secondary"
          size="md"
          className="btn--danger"
          onClick={() => setDeleting(true)}
        >
          {t('settings.delete')}
        </Button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}
