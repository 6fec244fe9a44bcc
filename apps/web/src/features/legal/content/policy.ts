// Privacy Policy (marketplace §1, §9): what the product collects, why, and who receives it.
import { LEGAL, PRODUCT_NAME } from '@bidboard/shared';
import type { LegalDocument } from './legal-document';

const op = LEGAL.operator;

export const POLICY: LegalDocument = {
  title: 'Privacy Policy',
  summary: `This policy explains how ${op} ("we", "us") collects, uses and shares information when you use ${PRODUCT_NAME}. The service is only for people aged ${LEGAL.minimumAge} or older.`,
  sections: [
    {
      heading: '1. Information you give us',
      paragraphs: ['When you join and use the service you provide:'],
      list: [
        'your mobile phone number, used to sign you in with one-time codes;',
        'your profile: username, date of birth, gender, postal code, dating preferences, favourite things, short bio and up to three photos;',
        'a short face verification video, recorded during onboarding to confirm you are a real person who matches your photos;',
        'your messages with connections, and your bids, connections, alerts and token activity;',
        'the PayPal email you give us when you redeem tokens.',
      ],
    },
    {
      heading: '2. Information collected automatically',
      paragraphs: [
        'We record technical information needed to run and protect the service: IP address, device and browser type, pages visited, times of activity and connection status (for example, whether you are online for chat). We keep a token stored in your browser to keep you signed in. We do not use advertising trackers.',
        'From your postal code we derive your city, state or province and country. We do not collect your precise location.',
      ],
    },
    {
      heading: '3. How we use information',
      paragraphs: ['We use your information to:'],
      list: [
        'create and secure your account and sign you in;',
        'show your auction profile to other members and run bidding, connections and chat;',
        'match members to dating preferences when they choose that filter;',
        'review photos, videos and text for safety and to keep content appropriate;',
        'credit, hold, refund and redeem tokens, and prevent fraud and abuse;',
        'tell you, once and within 24 hours, when an account you exchanged messages with in the last 30 days is removed for fraud or scam, without naming it; while an account is held for a fraud review, nothing it does sends you an alert, push notification or text;',
        'send the sign-in codes, texts and browser notifications you have agreed to;',
        'comply with the law and enforce our Terms and Conditions.',
      ],
    },
    {
      heading: '4. What other members see',
      paragraphs: [
        'Members can see your username, age, photos, favourite things, bio, whether you are open to dating, and your current bid status. Your phone number, exact date of birth, postal code and verification video are never shown to other members. Messages are visible only to you and the connection you are chatting with.',
      ],
    },
    {
      heading: '5. Sharing with service providers',
      paragraphs: [
        'We share information only as needed with providers who process it for us under contract: a text-message provider (sign-in codes and notifications), cloud hosting and file storage (photos and videos), a card payment processor (token purchases; we never see or store your full card number), and PayPal (redemption payouts). We may disclose information when the law requires it or to protect the safety of members and the public. We never sell or share your personal information, for advertising or anything else. If your browser sends the Global Privacy Control signal, we record it; since we sell and share nothing, there is nothing more to opt out of.',
      ],
    },
    {
      heading: '6. Retention',
      paragraphs: [
        'We keep your information while your account is open. When you delete your account we remove your profile from the service and delete or anonymise your personal information within a reasonable period, except for records we must keep for legal, tax, fraud-prevention or dispute purposes, such as token transaction records.',
      ],
    },
    {
      heading: '7. Your choices and rights',
      paragraphs: [
        'You can edit your profile, hide your auction profile from bidding, and turn text and browser notifications on or off in the app. Reply STOP to any text to stop account-notification texts.',
        'The Privacy Center (in the menu) is where you use your privacy rights, wherever you live: download a copy of everything we store about you, ask us to correct what you cannot edit yourself (we answer within 30 days and show you the date), delete your account, withdraw your consent to face matching (every face measurement is deleted at once), and limit the use of your sensitive information: your face is then compared with no other member’s, and no risk signal is drawn from your device ids. Members in Quebec start with that limit on.',
      ],
    },
    {
      heading: '8. Security',
      paragraphs: [
        'We protect information with encryption in transit, access controls and short-lived links to stored media. No system is perfectly secure, so please keep your phone and sign-in codes private.',
      ],
    },
    {
      heading: '9. Age requirement',
      paragraphs: [
        `${PRODUCT_NAME} is not intended for anyone under ${LEGAL.minimumAge}. We do not knowingly collect information from minors, and we close accounts that we learn belong to someone under ${LEGAL.minimumAge}.`,
      ],
    },
    {
      heading: '10. Changes and contact',
      paragraphs: [
        `We may update this policy and will tell you in the app before a material change takes effect. This policy is governed by the laws of the State of ${LEGAL.governingLaw}. Questions or requests about your privacy can be directed to ${op}.`,
      ],
    },
  ],
};
