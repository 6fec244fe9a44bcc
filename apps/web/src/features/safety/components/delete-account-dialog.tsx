// The confirmation before deleting an account: what happens, then typing DELETE. The
// button says why it waits. After the deletion the member is signed out and sent home,
// where AccountDeletedNotice confirms it.
import { DELETE_ACCOUNT_CONFIRMATION, SAFETY_MESSAGES } from '@bidboard/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
// The text fields look like every other settings field.
import '@/components/ui/settings-field.css';
import { Dialog } from '@/components/ui/sheet';
import { useAuth } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { useDeleteAccount } from '../api/account';

export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
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
      title="Delete your account?"
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
          <li>Your auction leaves the Bid Board and your connections end.</li>
          <li>Tokens held in your bids and connections are refunded, then your account closes.</li>
          <li>Your photos, video and profile details are erased. This can’t be undone.</li>
          <li>Partners see “Deleted user” in place of your profile.</li>
        </ul>
        <div className="settings-field">
          <label className="settings-field__label" htmlFor={`${id}-confirm`}>
            Type {DELETE_ACCOUNT_CONFIRMATION} to confirm
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
              {SAFETY_MESSAGES.confirmDeletion}
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
            Cancel
          </Button>
          <Button
            type="submit"
            size="md"
            className="btn--danger"
            disabled={!confirmed}
            busy={remove.isPending}
          >
            Delete my account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
