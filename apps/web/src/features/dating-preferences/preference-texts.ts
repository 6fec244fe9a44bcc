// The words of the two preference switches, for the screens that place them (onboarding's
// age-range screen, Profile Settings) with their own switch components.
import { useDatingPreferencesText } from './i18n';

export function usePreferenceSwitchTexts() {
  const t = useDatingPreferencesText();
  return {
    hideDistance: { label: t('hideDistance.label'), description: t('hideDistance.description') },
    verifiedOnly: { label: t('verifiedOnly.label'), description: t('verifiedOnly.description') },
  };
}
