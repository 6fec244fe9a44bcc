// The business settings editor: every setting, validated with the shared schema as a
// whole before saving; the server reads settings fresh on every use, so a saved change
// applies on every server at once, without a restart.
import {
  type BusinessSettingKey,
  type BusinessSettings,
  businessSettingsSchema,
} from '@bidboard/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { saveBusinessSettings, useBusinessSettings } from '../api/settings';
import { useAdminAction } from '../api/use-admin-action';
import { BundlesEditor } from './bundles-editor';
import { ActionError, QueryState, Section } from './section';
import './settings-section.css';

interface FieldView {
  label: string;
  unit: string;
  step?: number;
}

// A Record over every key: a setting added to the shared schema does not compile until
// the editor shows it.
const FIELD_VIEWS: Record<BusinessSettingKey, FieldView> = {
  daily_claim_amount: { label: 'Daily claim amount', unit: 'tokens' },
  minimum_redeemable_threshold: { label: 'Redemption minimum', unit: 'tokens' },
  token_redemption_multiplier: { label: 'Redemption multiplier', unit: '×', step: 0.1 },
  redemption_campaign_budget_cents: {
    label: 'Campaign budget (extra over base rate)',
    unit: 'cents',
  },
  redemption_campaign_member_cap_cents: {
    label: 'Campaign cap per member per 30 days',
    unit: 'cents',
  },
  payout_fee_cents: { label: 'Payout fee', unit: 'cents' },
  connection_reminder_hours: { label: 'Connection reminder after', unit: 'hours', step: 0.01 },
  connection_expiry_hours: { label: 'Connection expires after', unit: 'hours', step: 0.01 },
  rejection_grace_hours: { label: 'Rejection grace period', unit: 'hours', step: 0.01 },
  engagement_window_hours: { label: 'Engagement window', unit: 'hours', step: 0.01 },
  payment_form_limit: { label: 'Payment forms per window', unit: 'forms' },
  payment_form_window_minutes: { label: 'Payment form window', unit: 'minutes' },
  payment_limit: { label: 'Purchases per window', unit: 'purchases' },
  payment_window_minutes: { label: 'Purchase window', unit: 'minutes' },
  rapid_submission_seconds: { label: 'Rapid submission gap', unit: 'seconds' },
  high_value_limit_cents: { label: 'Card spend limit per 24 hours', unit: 'cents' },
  purchase_settlement_days: { label: 'Purchased rewards pending for', unit: 'days' },
  inactivity_disconnect_minutes: { label: 'Disconnect inactive sockets after', unit: 'minutes' },
  face_match_threshold: { label: 'Face match: flag below', unit: 'similarity 0–1', step: 0.01 },
  face_turn_min_degrees: { label: 'Face turn: flag below', unit: 'degrees', step: 0.5 },
  verification_videos_per_day: {
    label: 'Verification videos per member per 24 hours',
    unit: 'videos',
  },
  code_failures_per_number: { label: 'Wrong sign-in codes per number', unit: 'codes' },
  code_failures_window_hours: { label: 'Wrong sign-in codes counted over', unit: 'hours' },
  code_lockout_hours: { label: 'Number locked after too many wrong codes', unit: 'hours' },
  photo_uploads_per_hour: { label: 'Photo uploads per member per hour', unit: 'photos' },
  chat_images_per_hour: { label: 'Chat images per member per hour', unit: 'images' },
  face_duplicate_threshold: {
    label: 'Duplicate account: flag at or above',
    unit: 'similarity 0–1',
    step: 0.01,
  },
  nudity_threshold: { label: 'Nudity: hold or blur at or above', unit: 'score 0–1', step: 0.001 },
  redemption_risk_threshold: { label: 'Hold redemptions with risk above', unit: 'points' },
  redemption_member_30_day_cap_cents: {
    label: 'Redemptions per member per 30 days before flagging',
    unit: 'cents',
  },
  payee_identity_threshold_cents: {
    label: 'Payouts in a year before a payee profile is needed',
    unit: 'cents',
  },
  date_check_in_delay_minutes: { label: 'Date check-in after the plan’s time', unit: 'minutes' },
  date_check_in_escalation_minutes: {
    label: 'Unanswered date check-in texts the contact after',
    unit: 'minutes',
  },
};

const FIELDS = (Object.keys(FIELD_VIEWS) as BusinessSettingKey[]).map((key) => ({
  key,
  ...FIELD_VIEWS[key],
}));

type Draft = Record<BusinessSettingKey, string>;

const toDraft = (settings: BusinessSettings) =>
  Object.fromEntries(FIELDS.map((f) => [f.key, String(settings[f.key])])) as Draft;

function SettingsForm({ saved }: { saved: BusinessSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  const [errors, setErrors] = useState<Partial<Record<BusinessSettingKey, string>>>({});
  const save = useAdminAction(saveBusinessSettings);
  const changed = FIELDS.filter((f) => draft[f.key] !== String(saved[f.key]));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = Object.fromEntries(
      FIELDS.map((f) => [f.key, draft[f.key].trim() === '' ? Number.NaN : Number(draft[f.key])]),
    );
    const parsed = businessSettingsSchema.safeParse(candidate);
    if (!parsed.success) {
      const next: Partial<Record<BusinessSettingKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as BusinessSettingKey;
        next[key] ??= Number.isNaN(candidate[key]) ? 'Enter a number' : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const patch = Object.fromEntries(changed.map((f) => [f.key, parsed.data[f.key]]));
    save.mutate(patch, { onSuccess: (result) => setDraft(toDraft(result.settings)) });
  };

  return (
    <form className="admin-settings" onSubmit={handleSubmit} noValidate>
      {FIELDS.map((field) => {
        const error = errors[field.key];
        const errorId = `setting-${field.key}-error`;
        return (
          <div key={field.key} className="admin-setting">
            <label htmlFor={`setting-${field.key}`}>
              {field.label} <span className="admin-setting__unit">({field.unit})</span>
            </label>
            <input
              id={`setting-${field.key}`}
              type="number"
              inputMode="decimal"
              step={field.step ?? 1}
              value={draft[field.key]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            />
            {error ? (
              <p className="admin-error" id={errorId} role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="admin-settings__save">
        <Button type="submit" size="md" busy={save.isPending}>
          Save settings
        </Button>
        <p role="status" className="admin-settings__state">
          {save.isSuccess && changed.length === 0
            ? 'Saved. Every server uses the new values now.'
            : changed.length
              ? `${changed.length} unsaved ${changed.length === 1 ? 'change' : 'changes'}`
              : 'No changes'}
        </p>
        <ActionError text={save.errorText} />
      </div>
    </form>
  );
}

export function SettingsSection() {
  const query = useBusinessSettings();
  return (
    <Section title="Settings" intro="Business settings take effect at once on every server.">
      <QueryState query={query} loading="Loading settings…">
        {query.data ? <SettingsForm saved={query.data.settings} /> : null}
      </QueryState>
      <BundlesEditor />
    </Section>
  );
}
