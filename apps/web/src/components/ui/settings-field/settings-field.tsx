// One editable setting: a label, the control, a short-lived 'Saved' indicator and the
// error shown under the field (accounts §4 'Field edits in settings').
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useSharedText } from '@/lib/i18n';
import { CheckIcon } from '../icons';
import { useSettingsFieldText } from './i18n';
import './settings-field.css';

export type SaveStatus = 'idle' | 'saving' | 'saved';

export function SaveIndicator({ status }: { status: SaveStatus }) {
  const t = useSettingsFieldText();
  return (
    <span className="save-indicator" role="status">
      {status === 'saving' ? (
        <span className="save-indicator__saving">{t('save.saving')}</span>
      ) : null}
      {status === 'saved' ? (
        <span className="save-indicator__saved">
          <CheckIcon aria-hidden="true" />
          {t('save.saved')}
        </span>
      ) : null}
    </span>
  );
}

/** A rule's or the server's message, in the member's language when it is a shared one. */
export function FieldError({ id, message }: { id?: string; message: string | null }) {
  const { sharedText } = useSharedText();
  if (!message) return null;
  return (
    <p className="settings-field__error" id={id} role="alert">
      {sharedText(message)}
    </p>
  );
}

interface SettingsFieldProps {
  label: ReactNode;
  /** id of the control the label names; omit for groups (fieldset/legend is used). */
  htmlFor?: string;
  status?: SaveStatus;
  error?: string | null;
  errorId?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function SettingsField({
  label,
  htmlFor,
  status = 'idle',
  error = null,
  errorId,
  hint,
  children,
  className,
}: SettingsFieldProps) {
  const heading = (
    <>
      <span className="settings-field__label-text">{label}</span>
      <SaveIndicator status={status} />
    </>
  );
  const body = (
    <>
      {children}
      {hint ? <p className="settings-field__hint">{hint}</p> : null}
      <FieldError id={errorId} message={error} />
    </>
  );
  if (htmlFor) {
    return (
      <div className={clsx('settings-field', error && 'settings-field--invalid', className)}>
        <label className="settings-field__label" htmlFor={htmlFor}>
          {heading}
        </label>
        {body}
      </div>
    );
  }
  return (
    <fieldset className={clsx('settings-field', error && 'settings-field--invalid', className)}>
      <legend className="settings-field__label">{heading}</legend>
      {body}
    </fieldset>
  );
}
