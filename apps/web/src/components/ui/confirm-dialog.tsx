// A yes/no question before an action that matters (accepting, unmatching, a large bid): Yes
// runs it, No or closing leaves everything as it was.
import { Button } from './button';
import { useUiText } from './i18n';
import { Dialog } from './sheet';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  question: string;
  /** What saying yes means, when the question alone does not tell. */
  detail?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, question, detail, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useUiText();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={question}
      description={detail}
      className="confirm-dialog"
    >
      <div className="confirm-dialog__actions">
        <Button variant="secondary" size="md" onClick={onCancel}>
          {t('confirm.no')}
        </Button>
        <Button size="md" onClick={onConfirm}>
          {t('confirm.yes')}
        </Button>
      </div>
    </Dialog>
  );
}
