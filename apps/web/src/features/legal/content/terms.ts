// Terms and Conditions (marketplace §1, §9: operator, 18+, effective date, New Jersey law).
import { LEGAL, PRODUCT_NAME } from '@bidboard/shared';
import type { LegalDocument } from './legal-document';

const op = LEGAL.operator;

export const TERMS: LegalDocument = {
  title: 'Terms and Conditions',
  summary: `These Terms govern your use of ${PRODUCT_NAME}, a dating and connection marketplace operated by ${op} ("we", "us"). By creating an account or using the service you agree to them.`,
  sections: [
    {
      heading: '1. Eligibility',
      paragraphs: [
        `You must be at least ${LEGAL.minimumAge} years old to use ${PRODUCT_NAME}. By using the service you confirm that you are ${LEGAL.minimumAge} or older, that you can enter into a binding contract, and that you are not barred from using the service under any applicable law.`,
        'You may hold only one account. You sign in with a US or Canadian mobile number that you control, using a one-time code we text to you. Joining requires an invitation from an existing member.',
      ],
    },
    {
      heading: '2. Your account and profile',
      paragraphs: [
        'You are responsible for everything that happens under your account and for keeping your phone and sign-in codes secure. Tell us promptly if you believe your account has been accessed without your permission.',
        'Your profile must be truthful and must show you. Photos in your first profile slot must include your face. New members, photos and verification videos are reviewed before they are approved, and we may decline or remove content at our discretion.',
      ],
    },
    {
      heading: '3. Tokens',
      paragraphs: [
        'Tokens are a limited, revocable licence to use features of the service. They are not money, do not earn interest, and have no cash value except as described under Redemption below. Tokens cannot be transferred between accounts except through bids and rewards within the service.',
        'You may receive tokens when you sign up with an invitation, when a friend you invite joins, through a daily claim, through purchases, and as rewards for engaging with members whose winning bids you accept. Purchases are processed by our card payment provider and are final once tokens are credited, except where the law requires otherwise.',
      ],
    },
    {
      heading: '4. Auctions, bids and connections',
      paragraphs: [
        'Members who are available for bids have an auction profile in each bidding period. All auctions in a period close together, on Thursday at 8pm Eastern Time. A bid must exceed the current bid by the minimum increment shown in the app, and you cannot bid on your own auction.',
        'When you place a bid, the full amount is held from your balance. If you are outbid, your held tokens are returned. When bidding closes, the highest bidder wins a connection with the profile owner, who may accept or reject it. If the owner rejects the connection, does not respond in time, or the connection ends before both members have chatted, the held tokens are returned to the bidder.',
        'A winning bid buys the opportunity to request a connection. It does not guarantee a date, a reply, or any particular outcome, and no member is obliged to meet anyone.',
      ],
    },
    {
      heading: '5. Redemption',
      paragraphs: [
        'Tokens earned from engaging with winning bidders become redeemable for cash. Redemptions are paid to the PayPal account you name, at the rate and minimum shown in the app when you submit the request, less any fee shown. Promotional multipliers (such as a 5X multiplier) are offered for a limited time and may end at any time.',
        'We may review a redemption before it is paid and may refuse or reverse one that results from fraud, abuse or a breach of these Terms. If a payout fails, the tokens are returned to your balance.',
      ],
    },
    {
      heading: '6. Conduct',
      paragraphs: ['When you use the service you agree not to:'],
      list: [
        'harass, threaten, stalk, defame or discriminate against anyone;',
        'post sexually explicit, violent, hateful or illegal content, or content showing anyone under 18;',
        'impersonate another person or misrepresent your identity, age or intentions;',
        'solicit money, promote commercial services or engage in prostitution or trafficking;',
        'use bots, scripts or multiple accounts, or manipulate bids, rewards or referrals;',
        'collect other members’ information or contact members outside the service against their wishes.',
      ],
    },
    {
      heading: '7. Messages and notifications',
      paragraphs: [
        'By providing your phone number you agree to receive sign-in codes by text message. If you opt in, we also send account-notification texts. Msg & data rates may apply. Reply STOP to opt out of texts; sign-in codes are required to use the service. Browser notifications are sent only with your permission and can be switched off in Notification Settings.',
      ],
    },
    {
      heading: '8. Safety',
      paragraphs: [
        'We do not run criminal background checks on members and cannot guarantee anyone’s identity or behaviour. Use caution when communicating with or meeting people you have met through the service: meet in public, tell a friend your plans, and never send money to another member.',
      ],
    },
    {
      heading: '9. Suspension and termination',
      paragraphs: [
        'You may delete your account at any time. We may suspend or close an account that breaches these Terms or puts members at risk. When an account is closed, tokens it holds in active bids are returned to the bidders concerned, and unredeemed tokens in the closed account are forfeited except where the law requires otherwise.',
        'While we review an account for fraud we may hold it: nothing it does then sends another member an alert, push notification or text. When we remove an account for fraud or scam, every member who exchanged messages with it in the 30 days before is told within 24 hours, once, without its name.',
      ],
    },
    {
      heading: '10. Disclaimers and limitation of liability',
      paragraphs: [
        'The service is provided "as is" and "as available", without warranties of any kind to the fullest extent permitted by law. We do not guarantee that the service will be uninterrupted, error-free or that you will find a match.',
        `To the fullest extent permitted by law, ${op} is not liable for indirect, incidental, special, consequential or punitive damages, or for the conduct of any member on or off the service. Our total liability for any claim relating to the service is limited to the amount you paid us in the twelve months before the claim arose.`,
      ],
    },
    {
      heading: '11. Governing law',
      paragraphs: [
        `These Terms are governed by the laws of the State of ${LEGAL.governingLaw}, without regard to its conflict-of-law rules. Any dispute that is not resolved informally will be heard by the state or federal courts located in ${LEGAL.governingLaw}, and you consent to their jurisdiction.`,
      ],
    },
    {
      heading: '12. Changes',
      paragraphs: [
        'We may update these Terms. When we make a material change we will notify you in the app before it takes effect. Continuing to use the service after the effective date means you accept the updated Terms.',
        `Questions about these Terms can be directed to ${op}.`,
      ],
    },
  ],
};
