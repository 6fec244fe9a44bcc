// The confirmation before deleting an account: what happens, then typing DELETE. The
// button says why it waits. After the deletion the member is signed out and sent home,
// where AccountDeletedNotice confirms it.
import { DELETE_ACCOUNT_CONFIRMATION, SAFETY_MESSAGES } from '@bidboard/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
// The text fields look like every other settings field.
import '@/components/ui/settings-field/settings-field.css';
import { Dialog } from '@/components/ui/sheet';
import { useAuth } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { useDeleteAccount } from '../api/account';
import { useSafetyText } from '../i18n';

export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useSafetyText();
  const { sharedText } = useSharedText();
  const [typed, setTyped] = useState('');
  const { signOut } = useAuth();
  const remove = useDeleteAccount(signOut);
  const id = useId();
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION;

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('delete.title')}
      className="safety-dialog"
    >
      <form
        className="delete-account"
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) remove.mutate();
        }}
      >
        <ul className="delete-account__list">
          <li>{t('delete.auction')}</li>
          <li>{t('delete.tokens')}</li>
          <li>{t('delete.erased')}</li>
          <li>{t('delete.partners')}</li>
        </ul>
        <div className="settings-field">
          <label className="settings-field__label" htmlFor={`${id}-confirm`}>
            {t('delete.confirm', { word: DELETE_ACCOUNT_CONFIRMATION })}
          </label>
          <input
            id={`${id}-confirm`}
            className="settings-input"
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={confirmed ? undefined : `${id}-why`}
          />
          {confirmed ? null : (
            <span className="settings-field__hint" id={`${id}-why`}>
              {sharedText(SAFETY_MESSAGES.confirmDeletion)}
            </span>
          )}
        </div>
        {remove.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(remove.error, SAFETY_MESSAGES.failedToDelete)}
          </p>
        ) : null}
        <div className="safety-dialog__actions">
          <Button variant="secondary" size="md" onClick={onClose}>
            {t('delete.cancel')}
          </Button>
          <Button
            type="submit"
            size="md"
            className="btn--danger"
            disabled={!confirmed}
            busy={remove.isPending}
          >
            {t('delete.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
