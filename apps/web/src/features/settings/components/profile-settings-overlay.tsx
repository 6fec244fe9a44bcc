// Profile Settings overlay (accounts §2): photos, then every profile field, each saved on
// its own. The dating fields appear only while 'Here for dating?' is on. Face matching
// (biometric consent, issue 42) is withdrawn here.
import {
  BIO_MAX,
  formatPostalInput,
  GENDER_OPTIONS,
  POSTAL_MAX_LENGTH,
  RESERVE_TEXT,
  SECOND_CHANCE_TEXT,
  SEEKING_GENDER_OPTIONS,
  USERNAME_MAX,
  type User,
} from '@bidboard/shared';
import { Suspense } from 'react';
import { Dialog } from '@/components/ui/sheet';
import { useCurrentUser } from '@/features/auth';
import { AccountSettings, BlockedMembers } from '@/features/safety';
import { useSharedText } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy';
import { useSettingsText } from '../i18n';
import { AgeRangeSetting } from './age-range-setting';
import { BidsAvailabilitySetting } from './bids-availability-setting';
import { BirthDateSetting } from './birth-date-setting';
import { ChoiceSetting } from './choice-setting';
import { DistanceSettings } from './distance-settings';
import { FavoriteThingSetting } from './favorite-thing-setting';
import { LanguageSetting } from './language-setting';
import { bioChanges, postalChanges, reserveChanges, usernameChanges } from './profile-fields';
import { SwitchSetting } from './switch-setting';
import { TextSetting } from './text-setting';
import './profile-settings.css';

// The media feature (uploader, face model) loads on demand, as onboarding loads it, with
// its catalogue through the chunk guard.
const PhotoSlots = lazyComponent(() =>
  import('@/features/media').then((media) => media.PhotoSlots),
);
// Face matching (issue 42): its own chunk and catalogue.
const BiometricConsentSetting = lazyComponent(() =>
  import('@/features/biometric-consent').then((m) => m.BiometricConsentSetting),
);
// Payouts and taxes (issue 43): its own chunk and catalogue.
const PromptsSetting = lazyComponent(() =>
  import('@/features/prompts').then((m) => m.PromptsSetting),
);
const PayoutsSetting = lazyComponent(() =>
  import('@/features/payouts').then((m) => m.PayoutsSetting),
);

interface ProfileSettingsOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ProfileSettingsOverlay({ open, onOpenChange }: ProfileSettingsOverlayProps) {
  const user = useCurrentUser();
  const t = useSettingsText();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('overlay.title')}
      className="profile-settings"
    >
      {user ? <ProfileSettingsForm user={user} /> : null}
    </Dialog>
  );
}

export function ProfileSettingsForm({ user }: { user: User }) {
  const t = useSettingsText();
  const { sharedText } = useSharedText();
  const place = [user.city, user.state].filter(Boolean).join(', ');
  return (
    <div className="settings-form">
      <Suspense fallback={null}>
        <PhotoSlots />
      </Suspense>

      <section className="settings-section" aria-labelledby="settings-about">
        <h3 className="settings-section__title" id="settings-about">
          {t('section.about')}
        </h3>
        <TextSetting
          user={user}
          label={t('username.label')}
          read={(u) => u.username ?? ''}
          toChanges={(value) => usernameChanges(value, user.username, t('field.saveFailed'))}
          maxLength={USERNAME_MAX}
          autoComplete="username"
        />
        <TextSetting
          user={user}
          label={t('bio.label')}
          multiline
          read={(u) => u.short_bio ?? u.bio ?? ''}
          toChanges={bioChanges}
          maxLength={BIO_MAX}
          hint={(value) => `${value.trim().length}/${BIO_MAX}`}
        />
        <ChoiceSetting
          user={user}
          label={t('gender.label')}
          options={GENDER_OPTIONS.map((o) => ({ ...o, label: sharedText(o.label) }))}
          read={(u) => u.gender}
          toChanges={(gender) => ({ gender })}
        />
        <BirthDateSetting user={user} />
        <TextSetting
          user={user}
          label={t('postal.label')}
          read={(u) => u.postal_code ?? ''}
          toChanges={postalChanges}
          format={formatPostalInput}
          maxLength={POSTAL_MAX_LENGTH}
          autoComplete="postal-code"
          hint={() => place || null}
        />
        <LanguageSetting user={user} />
      </section>

      <section className="settings-section" aria-labelledby="settings-favorites">
        <h3 className="settings-section__title" id="settings-favorites">
          {t('section.favorites')}
        </h3>
        <FavoriteThingSetting user={user} slot={1} />
        <FavoriteThingSetting user={user} slot={2} />
        <FavoriteThingSetting user={user} slot={3} />
      </section>

      <Suspense fallback={null}>
        <PromptsSetting />
      </Suspense>

      <section className="settings-section" aria-labelledby="settings-bidding">
        <h3 className="settings-section__title" id="settings-bidding">
          {t('section.bidding')}
        </h3>
        <BidsAvailabilitySetting user={user} />
        <TextSetting
          user={user}
          label={sharedText(RESERVE_TEXT.label)}
          read={(u) => String(u.reserve_price)}
          toChanges={reserveChanges}
          inputMode="numeric"
          maxLength={6}
          hint={() => sharedText(RESERVE_TEXT.hint)}
        />
        <SwitchSetting
          user={user}
          label={sharedText(SECOND_CHANCE_TEXT.setting)}
          description={sharedText(SECOND_CHANCE_TEXT.settingHint)}
          read={(u) => u.offer_second_chance}
          toChanges={(offer_second_chance) => ({ offer_second_chance })}
        />
        <SwitchSetting
          user={user}
          label={t('dating.label')}
          read={(u) => u.open_to_dating}
          toChanges={(open_to_dating) => ({ open_to_dating })}
        />
        {user.open_to_dating ? (
          <>
            <ChoiceSetting
              user={user}
              label={t('seeking.label')}
              options={SEEKING_GENDER_OPTIONS.map((o) => ({ ...o, label: sharedText(o.label) }))}
              read={(u) => u.seeking_gender}
              toChanges={(seeking_gender) => ({ seeking_gender })}
            />
            <AgeRangeSetting user={user} />
            <DistanceSettings user={user} />
          </>
        ) : null}
      </section>

      <Suspense fallback={null}>
        <BiometricConsentSetting />
      </Suspense>
      <Suspense fallback={null}>
        <PayoutsSetting />
      </Suspense>
      <BlockedMembers />
      <AccountSettings />
    </div>
  );
}
