// What members copy to invite friends (marketplace §2 'Referral page', 'Prelaunch pages').
import { PRODUCT_NAME, REFERRAL_BONUS } from '@bidboard/shared';

export function personalLink(origin: string, username: string): string {
  return `${origin}/${encodeURIComponent(username)}`;
}

export function shareMessage(link: string): string {
  return `I'm on ${PRODUCT_NAME}, where you bid on dates. Join with my link and we both get ${REFERRAL_BONUS} tokens: ${link}`;
}

export function prelaunchShareMessage(link: string): string {
  return `I saved you one of my ${PRODUCT_NAME} invites. Claim your username before launch and we both get ${REFERRAL_BONUS} tokens: ${link}`;
}

/** 'You have 3 invites.' / 'You have 1 invite.' */
export function invitesText(count: number): string {
  return `You have ${count} ${count === 1 ? 'invite' : 'invites'}.`;
}
