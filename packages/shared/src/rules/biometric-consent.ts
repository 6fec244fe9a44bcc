// Biometric consent (product rules, Lawful to launch; Illinois BIPA, Texas CUBI,
// Washington RCW 19.375, Quebec's Law 25): face geometry from the verification video and
// the photos is computed and compared only after the member agrees, on the screen shown
// before the face-turn video is recorded. The screen's words live in the web catalogues
// (biometric-consent area, English and Canadian French); this version names them, and a
// member's decision is kept with the version they read. A change of the text's meaning
// gets a new version.

/** The version of the consent text now shown. */
export const BIOMETRIC_CONSENT_VERSION = '2026-12-02';

/** What a member decided, last decision first counts: only 'agreed' lets the face match run. */
export const BIOMETRIC_DECISIONS = ['agreed', 'declined', 'withdrawn'] as const;
export type BiometricDecision = (typeof BIOMETRIC_DECISIONS)[number];

export const BIOMETRIC_CONSENT_MESSAGES = {
  versionChanged: 'The consent text has changed. Please read it again.',
} as const;
