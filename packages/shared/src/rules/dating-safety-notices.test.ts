import { describe, expect, it } from 'vitest';
import {
  DATING_SAFETY_NOTICES,
  datingSafetyNoticeAt,
  datingSafetyNoticeFor,
} from './dating-safety-notices';

describe('the dating-safety notice table', () => {
  it('names each jurisdiction once, with the statute it follows', () => {
    const codes = DATING_SAFETY_NOTICES.map((n) => n.jurisdiction);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['US-NJ', 'US-TX', 'US-IL', 'US-NY']));
    for (const notice of DATING_SAFETY_NOTICES) {
      expect(notice.statute.citation).not.toBe('');
      expect(notice.shownAt).toEqual(
        expect.arrayContaining(['sign_up', 'first_connection', 'chat_safety_menu']),
      );
      expect(notice.safetyMeasures.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('words every screening statement in capitals, New Jersey in its prescribed form', () => {
    for (const notice of DATING_SAFETY_NOTICES) {
      if (notice.screening) expect(notice.screening.text).toBe(notice.screening.text.toUpperCase());
    }
    expect(datingSafetyNoticeFor({ country: 'US', state: 'NJ' })?.screening?.form).toBe(
      'bold_capitals_12pt',
    );
  });

  it('finds a notice by residence and placement only where one applies', () => {
    expect(datingSafetyNoticeFor({ country: 'us', state: 'tx' })?.name).toBe('Texas');
    expect(datingSafetyNoticeFor({ country: 'US', state: 'CA' })).toBeNull();
    expect(datingSafetyNoticeFor({ country: 'CA', state: 'NJ' })).toBeNull();
    expect(datingSafetyNoticeFor({ country: 'US', state: null })).toBeNull();
    expect(datingSafetyNoticeAt({ country: 'US', state: 'NJ' }, 'conversation')).not.toBeNull();
    expect(datingSafetyNoticeAt({ country: 'US', state: 'NY' }, 'conversation')).toBeNull();
  });
});
