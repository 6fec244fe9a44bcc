// What members copy to invite friends (marketplace §2 'Referral page', 'Prelaunch pages'), in
// the member's language (locales/*.json, share.*).
import { PRODUCT_NAME, REFERRAL_BONUS } from '@bidboard/shared';
import type { ReferralText } from '../i18n';

export function personalLink(origin: string, username: string): string {
  return `${origin}/${encodeURIComponent(username)}`;
}

export function shareMessage(t: ReferralText, link: string): string {
  return t('share.message', { product: PRODUCT_NAME, count: REFERRAL_BONUS, link });
}

export function prelaunchShareMessage(t: ReferralText, link: string): string {
  return t('share.prelaunch', { product: PRODUCT_NAME, count: REFERRAL_BONUS, link });
}
