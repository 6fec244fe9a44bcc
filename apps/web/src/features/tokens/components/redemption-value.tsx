// What a redemption pays, before the member confirms (product rules, The token economy):
// the multiplier in effect, the campaign part and the base part, and the total after fees.
// The '{n}X multiplier in effect' line names the campaign's multiplier only while its
// budget (and the member's 30-day cap) still pays something for these tokens.
import {
  CAMPAIGN_MESSAGES,
  type CampaignLimits,
  REDEMPTION_MESSAGES,
  redemptionValue,
  type RedemptionValue as Value,
} from '@bidboard/shared';
import { useSharedText } from '@/lib/i18n';
import { formatMoney } from '@/lib/i18n/format';

interface RedemptionValueProps {
  tokens: number;
  limits: CampaignLimits;
}

/** Why the campaign pays less than its multiplier for these tokens, or null. */
function campaignNote(tokens: number, limits: CampaignLimits, value: Value): string | null {
  if (limits.multiplier <= 1) return null;
  const unlimited = redemptionValue(tokens, {
    ...limits,
    budgetLeftCents: Number.POSITIVE_INFINITY,
    memberLeftCents: Number.POSITIVE_INFINITY,
  });
  if (value.campaignCents >= unlimited.campaignCents) return null;
  if (value.campaignCents > 0) return CAMPAIGN_MESSAGES.partly;
  return limits.budgetLeftCents <= 0
    ? CAMPAIGN_MESSAGES.budgetSpent
    : CAMPAIGN_MESSAGES.memberCapReached;
}

export function RedemptionValue({ tokens, limits }: RedemptionValueProps) {
  const value = redemptionValue(tokens, limits);
  const paying = value.campaignCents > 0;
  const note = campaignNote(tokens, limits, value);
  const { sharedText, sharedRef } = useSharedText();
  const multiplier = paying ? limits.multiplier : 1;
  return (
    <div className="redeem__value" aria-live="polite">
      <p className="redeem__multiplier">
        {sharedRef(
          { key: 'REDEMPTION_MESSAGES.multiplier', params: { multiplier } },
          REDEMPTION_MESSAGES.multiplier(multiplier),
        )}
      </p>
      {paying ? (
        <ul className="redeem__parts">
          <li>
            {sharedRef(
              {
                key: 'CAMPAIGN_MESSAGES.campaignPart',
                params: { multiplier: limits.multiplier, cents: formatMoney(value.campaignCents) },
              },
              CAMPAIGN_MESSAGES.campaignPart(limits.multiplier, value.campaignCents),
            )}
          </li>
          <li>
            {sharedRef(
              {
                key: 'CAMPAIGN_MESSAGES.basePart',
                params: { cents: formatMoney(value.baseCents) },
              },
              CAMPAIGN_MESSAGES.basePart(value.baseCents),
            )}
          </li>
        </ul>
      ) : null}
      {note ? <p className="redeem__note">{sharedText(note)}</p> : null}
      <p className="redeem__receive">
        {sharedRef(
          {
            key: 'REDEMPTION_MESSAGES.youWillReceive',
            params: { dollars: formatMoney(value.amountCents) },
          },
          REDEMPTION_MESSAGES.youWillReceive((value.amountCents / 100).toFixed(2)),
        )}
      </p>
    </div>
  );
}
