// Business settings: the environment's defaults overlaid with the rows an operator
// saved. Read fresh from the database on each use, so a change made through one server
// applies on every server at once, without a restart.
import {
  type BusinessSettings,
  type BusinessSettingsPatch,
  businessSettingsPatch,
  businessSettingsSchema,
  businessSettingsShape,
  DEFAULT_DATE_CHECK_IN_DELAY_MINUTES,
  DEFAULT_DATE_CHECK_IN_ESCALATION_MINUTES,
  DEFAULT_PAYEE_IDENTITY_THRESHOLD_CENTS,
  DEFAULT_REDEMPTION_MEMBER_30_DAY_CAP_CENTS,
  DEFAULT_REDEMPTION_RISK_THRESHOLD,
} from '@bidboard/shared';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import { bundleFloorProblem } from './bundle-floor.repository';
import { lockSettingsRows, savedSetting, savedSettings, saveSetting } from './settings.repository';

export type SettingsDefaults = Pick<
  Config,
  'DAILY_CLAIM_AMOUNT' | 'MINIMUM_REDEEMABLE_THRESHOLD' | 'TOKEN_REDEMPTION_MULTIPLIER'
>;

type EnvironmentSetting =
  | 'daily_claim_amount'
  | 'minimum_redeemable_threshold'
  | 'token_redemption_multiplier';
type FixedSetting = Exclude<keyof BusinessSettings, EnvironmentSetting>;

/** The defaults the environment does not give. */
const FIXED_DEFAULTS: Pick<BusinessSettings, FixedSetting> = {
  // No campaign until an operator gives it a budget: a multiplier alone pays the base rate.
  redemption_campaign_budget_cents: 0,
  redemption_campaign_member_cap_cents: 0,
  payout_fee_cents: 0,
  connection_reminder_hours: 24,
  connection_expiry_hours: 48,
  rejection_grace_hours: 24,
  engagement_window_hours: 7 * 24,
  payment_form_limit: 10,
  payment_form_window_minutes: 2,
  payment_limit: 5,
  payment_window_minutes: 5,
  rapid_submission_seconds: 3,
  high_value_limit_cents: 50_000,
  purchase_settlement_days: 14,
  inactivity_disconnect_minutes: 30,
  // Measured on the face fixtures: the same face scores 0.92 to 0.96, different ones ~0.2.
  face_match_threshold: 0.5,
  face_duplicate_threshold: 0.7,
  // The widget asks for ±14° each way; a filmed photo turned 0.4-0.8° on the fixtures.
  face_turn_min_degrees: 12,
  verification_videos_per_day: 3,
  code_failures_per_number: 15,
  code_failures_window_hours: 24,
  code_lockout_hours: 24,
  // Three slots: a member trying photos out uploads a handful, not dozens.
  photo_uploads_per_hour: 20,
  chat_images_per_hour: 60,
  nudity_threshold: 0.8,
  redemption_risk_threshold: DEFAULT_REDEMPTION_RISK_THRESHOLD,
  redemption_member_30_day_cap_cents: DEFAULT_REDEMPTION_MEMBER_30_DAY_CAP_CENTS,
  payee_identity_threshold_cents: DEFAULT_PAYEE_IDENTITY_THRESHOLD_CENTS,
  date_check_in_delay_minutes: DEFAULT_DATE_CHECK_IN_DELAY_MINUTES,
  date_check_in_escalation_minutes: DEFAULT_DATE_CHECK_IN_ESCALATION_MINUTES,
};

export function defaultSettings(config: SettingsDefaults): BusinessSettings {
  return {
    daily_claim_amount: config.DAILY_CLAIM_AMOUNT,
    minimum_redeemable_threshold: config.MINIMUM_REDEEMABLE_THRESHOLD,
    token_redemption_multiplier: config.TOKEN_REDEMPTION_MULTIPLIER,
    ...FIXED_DEFAULTS,
  };
}

const keys = Object.keys(businessSettingsShape) as (keyof BusinessSettings)[];

/**
 * One setting whose default is not the environment's, for a path that holds no config
 * (the chat's engagement reads the settlement hold).
 */
export async function loadFixedSetting<K extends FixedSetting>(
  db: Executor,
  key: K,
): Promise<BusinessSettings[K]> {
  const saved = await savedSetting(db, key);
  const parsed = businessSettingsShape[key].safeParse(saved);
  return parsed.success ? (parsed.data as BusinessSettings[K]) : FIXED_DEFAULTS[key];
}

export async function loadSettings(
  db: Executor,
  config: SettingsDefaults,
): Promise<BusinessSettings> {
  const saved = await savedSettings(db);
  const settings: Record<string, unknown> = { ...defaultSettings(config) };
  for (const row of saved) {
    const field = businessSettingsShape[row.key as keyof BusinessSettings];
    // A row written by an older version that no longer parses keeps the default.
    if (field?.safeParse(row.value).success) settings[row.key] = row.value;
  }
  return settings as BusinessSettings;
}

/**
 * One writer of settings and bundle prices at a time: the bundle floor is checked against
 * both, so two admins cannot each pass it alone.
 */
export async function lockSettings(tx: Executor) {
  await lockSettingsRows(tx);
}

export interface SettingsChange {
  before: BusinessSettings;
  after: BusinessSettings;
}

/**
 * Saves a validated change; the merged settings must still make sense as a whole. The
 * audit log gets the changed keys before and after (`actorId` null: the operator CLI).
 */
export async function updateSettings(
  db: Db,
  config: SettingsDefaults,
  patch: BusinessSettingsPatch,
  actorId: number | null,
): Promise<SettingsChange> {
  const change = businessSettingsPatch.parse(patch);
  return db.transaction(async (tx) => {
    // One writer at a time, so two admins cannot each pass the whole-settings check.
    await lockSettings(tx);
    const before = await loadSettings(tx, config);
    const merged = businessSettingsSchema.safeParse({ ...before, ...change });
    if (!merged.success) {
      throw badRequest('VALIDATION', merged.error.issues[0]?.message ?? 'Invalid settings');
    }
    // A payout fee that would make a bundle sell tokens below what they pay out.
    const belowFloor = await bundleFloorProblem(tx, merged.data.payout_fee_cents);
    if (belowFloor) throw badRequest('BUNDLE_BELOW_FLOOR', belowFloor);
    const changed = keys.filter((key) => key in change);
    for (const key of changed) {
      await saveSetting(tx, key, change[key], actorId);
    }
    await recordAdminAction(tx, {
      adminId: actorId,
      action: 'settings.update',
      targetType: 'settings',
      targetId: null,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, merged.data[key]])),
    });
    return { before, after: merged.data };
  });
}
