// Profile Settings, "Your account": download everything stored about the member as JSON,
// and delete the account behind a confirmation that spells out what happens (issue 11).
import { SAFETY_MESSAGES } from '@bidboard/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDownloadMyData } from '../api/account';
import { DeleteAccountDialog } from './delete-account-dialog';
import './safety.css';

export function AccountSettings() {
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="settings-section" aria-labelledby="settings-account">
      <h3 className="settings-section__title" id="settings-account">
        Your account
      </h3>
      <div className="account-action">
        <p className="text-muted">
          Download everything we store about you: profile, photos, bids, connections, tokens,
          alerts, reports and blocks, as a JSON file.
        </p>
        <Button
          variant="secondary"
          size="md"
          busy={download.isPending}
          onClick={() => download.mutate()}
        >
          Download my data
        </Button>
        {download.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(download.error, SAFETY_MESSAGES.failedToExport)}
          </p>
        ) : null}
      </div>
      <div className="account-action">
        <p className="text-muted">
          Deleting your account removes your profile, photos and auction for good.
        </p>
        <Button
          variant="secondary"
          size="md"
          className="btn--danger"
          onClick={() => setDeleting(true)}
        >
          Delete account
        </Button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}
