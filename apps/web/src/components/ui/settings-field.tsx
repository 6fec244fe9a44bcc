// One editable setting: a label, the control, a short-lived 'Saved' indicator and the
// error shown under the field (accounts §4 'Field edits in settings').
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { CheckIcon } from './icons';
import './settings-field.css';

export type SaveStatus = 'idle' | 'saving' | 'saved';

export function SaveIndicator({ status }: { status: SaveStatus }) {
  return (
    <span className="save-indicator" role="status">
      {status === 'saving' ? <span className="save-indicator__saving">Saving…</span> : null}
      {status === 'saved' ? (
        <span className="save-indicator__saved">
          <CheckIcon aria-hidden="true" />
          Saved
        </span>
      ) : null}
    </span>
  );
}

export function FieldError({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <p className="settings-field__error" id={id} role="alert">
      {message}
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
