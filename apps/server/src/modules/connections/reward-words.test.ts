// The owner's reward alert says truthfully what the bid's tokens make redeemable (issue 46:
// on main it said 'They are redeemable for cash.' whatever they were), in both languages.
import { CONNECTION_ALERT_MESSAGES as M } from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import { sayText } from '../../lib/texts';

/** French groups thousands with a narrow no-break space: compared as a plain one. */
const french = (...args: Parameters<typeof sayText>) => sayText(...args).replace(/\s/g, ' ');

describe('the reward alert', () => {
  it('a reward of bought or earned tokens is redeemable; the held part says when', () => {
    expect(M.reward('maya', 600, 0)).toBe(
      'You earned 600 tokens for engaging with maya. They are redeemable for cash.',
    );
    expect(M.reward('maya', 600, 200)).toBe(
      'You earned 600 tokens for engaging with maya. They are redeemable for cash, 200 of them once the bidder’s card payment can no longer be taken back.',
    );
  });

  it('free tokens stay free, and a mixed bid gives the split', () => {
    expect(M.rewardFree('maya', 250)).toBe(
      'You earned 250 tokens for engaging with maya. They were free tokens: they stay yours for bidding and are not redeemable for cash.',
    );
    expect(M.rewardPart('maya', 1500, 1000, 500, 0)).toBe(
      'You earned 1,500 tokens for engaging with maya. 1,000 of them are redeemable for cash; the other 500 were free tokens and stay yours for bidding.',
    );
  });

  it('in French, with the held part only when there is one', () => {
    const part = { key: 'CONNECTION_ALERT_MESSAGES.rewardPart' };
    expect(
      french(
        'fr-CA',
        { ...part, params: { bidder: 'maya', amount: 1500, cash: 1000, free: 500, pending: 0 } },
        '',
      ),
    ).toBe(
      'Vous avez gagné 1 500 jetons pour avoir échangé avec maya. 1 000 d’entre eux sont échangeables contre de l’argent; les 500 autres étaient des jetons gratuits et vous restent pour miser.',
    );
    expect(
      french(
        'fr-CA',
        {
          key: 'CONNECTION_ALERT_MESSAGES.reward',
          params: { bidder: 'maya', amount: 600, pending: 200 },
        },
        '',
      ),
    ).toBe(
      'Vous avez gagné 600 jetons pour avoir échangé avec maya. Ils sont échangeables contre de l’argent, 200 d’entre eux quand le paiement par carte de la personne ne pourra plus être annulé.',
    );
    expect(
      french(
        'fr-CA',
        { key: 'CONNECTION_ALERT_MESSAGES.rewardFree', params: { bidder: 'maya', amount: 1 } },
        '',
      ),
    ).toBe(
      'Vous avez gagné 1 jeton pour avoir échangé avec maya. C’étaient des jetons gratuits : ils vous restent pour miser et ne sont pas échangeables contre de l’argent.',
    );
  });
});
