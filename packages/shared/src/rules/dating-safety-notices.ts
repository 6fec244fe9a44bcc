// Dating-safety notices by residence (product rules, Lawful to launch): the one table of
// the states whose law requires an online dating service to show its residents a safety
// awareness notice, the statute each follows, its texts and where the product shows it.
// A member's residence is the state or province of their postal code (users.state); every
// statute below defines its resident as the member who gives an in-state ZIP or billing
// address when registering.
//
// Bidboard runs no criminal background screening, so each statute that asks for a
// statement about screening gets its "does not" form, worded as that statute words it.
// Where the law prescribes the form (New Jersey: bold capital letters, at least 12-point
// type) the statement is shown that way; the product shows it the same way everywhere, so
// the "clear and conspicuous" statutes are met by the strictest form too.
//
// The safety measures are the statutes' own example statements (New York requires them,
// "or substantially similar statements"; the others give them as examples), then two of
// the product's own about money and the scam guard.
//
// Research notes (issue 42): N.J.S.A. 56:8-171 and N.J.A.C. 13:45A-6; Tex. Bus. & Com.
// Code ch. 106 (S.B. 488, 2011); 815 ILCS 518 (P.A. 97-1056, 2012); N.Y. Gen. Bus. Law
// § 394-cc. New York's § 394-c (as amended by L. 2024, ch. 603) and the federal Romance
// Scam Prevention Act (H.R. 2481, passed by the House in 2025) are about fraud-ban
// notifications, which the fraud-removal alert follows. No Canadian province has a
// dating-notice statute; Quebec's privacy law is met in the Privacy Center instead.
import { PRODUCT_NAME } from '../constants';

/** Where a notice is shown. */
export const NOTICE_PLACEMENTS = [
  /** The onboarding pages from the postal code on, where residence becomes known. */
  'sign_up',
  /** The first time the member has a connection. */
  'first_connection',
  /** The chat screen's safety menu, whenever the member opens it. */
  'chat_safety_menu',
  /** Above the messages of every conversation (the statute names messages sent or received). */
  'conversation',
] as const;
export type NoticePlacement = (typeof NOTICE_PLACEMENTS)[number];

/** The placements a member acknowledges once (the others are shown every time). */
export const ACKNOWLEDGED_PLACEMENTS = ['sign_up', 'first_connection'] as const;
export type AcknowledgedPlacement = (typeof ACKNOWLEDGED_PLACEMENTS)[number];

/**
 * How the statute wants the screening statement shown. 'bold_capitals_12pt': in bold
 * capital letters of at least 12-point type (16 CSS pixels); 'clear_and_conspicuous': no
 * form named. The product shows both the first way.
 */
export type ScreeningForm = 'bold_capitals_12pt' | 'clear_and_conspicuous';

export interface DatingSafetyNotice {
  /** ISO 3166-2 code: country and state, as users.country and users.state hold them. */
  jurisdiction: `${'US' | 'CA'}-${string}`;
  /** The state's name, for the notice's heading. */
  name: string;
  statute: { title: string; citation: string };
  /** Changes with the text; stored with each acknowledgement. */
  version: string;
  shownAt: readonly NoticePlacement[];
  title: string;
  /** The statement about criminal background screening; null where the law asks for none. */
  screening: { text: string; form: ScreeningForm } | null;
  safetyMeasures: readonly string[];
}

/** The statutes' example statements (identical in the four laws). */
const STATUTORY_MEASURES = [
  'Anyone who is able to commit identity theft can also falsify a dating profile.',
  'There is no substitute for acting with caution when communicating with any stranger who wants to meet you.',
  'Never include your last name, e-mail address, home address, phone number, place of work, or any other identifying information in your Internet profile or initial e-mail messages. Stop communicating with anyone who pressures you for personal or financial information or attempts in any way to trick you into revealing it.',
  'If you choose to have a face-to-face meeting with another member, always tell someone in your family or a friend where you are going and when you will return. Never agree to be picked up at your home. Always provide your own transportation to and from your date and meet in a public place with many people around.',
] as const;

const PRODUCT_MEASURES = [
  `Never send money, gift cards, cryptocurrency or bank details to someone you met on ${PRODUCT_NAME}, whatever the story. Keep chats and payments on ${PRODUCT_NAME}.`,
  'Report anyone who asks for money or to move the conversation elsewhere: open the chat’s safety menu and choose Report.',
] as const;

const MEASURES = [...STATUTORY_MEASURES, ...PRODUCT_MEASURES];
const EVERYWHERE: readonly NoticePlacement[] = ['sign_up', 'first_connection', 'chat_safety_menu'];
const upper = PRODUCT_NAME.toUpperCase();

export const DATING_SAFETY_NOTICES: readonly DatingSafetyNotice[] = [
  {
    jurisdiction: 'US-NJ',
    name: 'New Jersey',
    statute: {
      title: 'New Jersey Internet Dating Safety Act',
      citation: 'N.J.S.A. 56:8-168 to 56:8-174 (P.L. 2007, c. 272); N.J.A.C. 13:45A-6',
    },
    version: '2025-06-01',
    // N.J.S.A. 56:8-171: the statement goes with messages sent or received, too.
    shownAt: [...EVERYWHERE, 'conversation'],
    title: 'Safety notice for New Jersey members',
    screening: {
      text: `${upper} DOES NOT CONDUCT CRIMINAL BACKGROUND SCREENINGS ON ITS MEMBERS.`,
      form: 'bold_capitals_12pt',
    },
    safetyMeasures: MEASURES,
  },
  {
    jurisdiction: 'US-TX',
    name: 'Texas',
    statute: {
      title: 'Texas Internet Dating Safety Act',
      citation: 'Tex. Bus. & Com. Code §§ 106.001–106.007 (S.B. 488, 2011)',
    },
    version: '2025-06-01',
    shownAt: EVERYWHERE,
    title: 'Safety notice for Texas members',
    // § 106.004: the statement in the statute's own terms.
    screening: {
      text: `${upper} DOES NOT CONDUCT A CRIMINAL BACKGROUND CHECK ON EACH MEMBER BEFORE PERMITTING A TEXAS MEMBER TO COMMUNICATE WITH ANOTHER MEMBER.`,
      form: 'clear_and_conspicuous',
    },
    safetyMeasures: MEASURES,
  },
  {
    jurisdiction: 'US-IL',
    name: 'Illinois',
    statute: {
      title: 'Illinois Internet Dating Safety Act',
      citation: '815 ILCS 518/10 (P.A. 97-1056)',
    },
    version: '2025-06-01',
    shownAt: EVERYWHERE,
    title: 'Safety notice for Illinois members',
    screening: {
      text: `${upper} DOES NOT CONDUCT CRIMINAL BACKGROUND SCREENINGS ON ITS MEMBERS.`,
      form: 'clear_and_conspicuous',
    },
    safetyMeasures: MEASURES,
  },
  {
    jurisdiction: 'US-NY',
    name: 'New York',
    statute: {
      title: 'New York Internet dating safety',
      citation: 'N.Y. Gen. Bus. Law § 394-cc',
    },
    version: '2025-06-01',
    shownAt: EVERYWHERE,
    title: 'Safety notice for New York members',
    // § 394-cc asks for the safety measures only.
    screening: null,
    safetyMeasures: MEASURES,
  },
];

/** The notice a member's residence calls for, or null (most places have none). */
export function datingSafetyNoticeFor(
  residence: { country?: string | null; state?: string | null } | null | undefined,
): DatingSafetyNotice | null {
  if (!residence?.country || !residence.state) return null;
  const code = `${residence.country.toUpperCase()}-${residence.state.toUpperCase()}`;
  return DATING_SAFETY_NOTICES.find((notice) => notice.jurisdiction === code) ?? null;
}

/** The notice for a member at one placement, or null when none is shown there. */
export function datingSafetyNoticeAt(
  residence: { country?: string | null; state?: string | null } | null | undefined,
  placement: NoticePlacement,
): DatingSafetyNotice | null {
  const notice = datingSafetyNoticeFor(residence);
  return notice?.shownAt.includes(placement) ? notice : null;
}

export const NOTICE_TEXT = {
  statute: (notice: DatingSafetyNotice) =>
    `Required by the ${notice.statute.title} (${notice.statute.citation}).`,
  acknowledge: 'I have read this notice',
  menuItem: 'Safety notice',
  failedToSave: 'Failed to save. Please try again.',
  /** Acknowledging a notice where none applies. */
  noNotice: 'No safety notice applies where you live.',
} as const;
