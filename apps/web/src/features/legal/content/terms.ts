// Terms and Conditions (marketplace §1, §9: operator, 18+, effective date, New Jersey law), in
// the member's language (locales/*.json, terms.*).
import { LEGAL, PRODUCT_NAME } from '@bidboard/shared';
import type { LegalText } from '../i18n';
import type { LegalDocument } from './legal-document';

export function termsDocument(t: LegalText): LegalDocument {
  const names = {
    product: PRODUCT_NAME,
    operator: LEGAL.operator,
    age: LEGAL.minimumAge,
    law: LEGAL.governingLaw,
  };
  return {
    title: t('terms.title'),
    summary: t('terms.summary', names),
    sections: [
      {
        heading: t('terms.eligibility.heading'),
        paragraphs: [t('terms.eligibility.age', names), t('terms.eligibility.account')],
      },
      {
        heading: t('terms.account.heading'),
        paragraphs: [t('terms.account.security'), t('terms.account.profile')],
      },
      {
        heading: t('terms.tokens.heading'),
        paragraphs: [t('terms.tokens.licence'), t('terms.tokens.sources')],
      },
      {
        heading: t('terms.auctions.heading'),
        paragraphs: [
          t('terms.auctions.periods'),
          t('terms.auctions.held'),
          t('terms.auctions.noGuarantee'),
        ],
      },
      {
        heading: t('terms.redemption.heading'),
        paragraphs: [t('terms.redemption.payout'), t('terms.redemption.review')],
      },
      {
        heading: t('terms.conduct.heading'),
        paragraphs: [t('terms.conduct.intro')],
        list: [
          t('terms.conduct.harass'),
          t('terms.conduct.content'),
          t('terms.conduct.impersonate'),
          t('terms.conduct.solicit'),
          t('terms.conduct.bots'),
          t('terms.conduct.collect'),
        ],
      },
      { heading: t('terms.messages.heading'), paragraphs: [t('terms.messages.texts')] },
      { heading: t('terms.safety.heading'), paragraphs: [t('terms.safety.caution')] },
      {
        heading: t('terms.termination.heading'),
        paragraphs: [t('terms.termination.close'), t('terms.termination.fraud')],
      },
      {
        heading: t('terms.liability.heading'),
        paragraphs: [t('terms.liability.asIs'), t('terms.liability.limit', names)],
      },
      { heading: t('terms.law.heading'), paragraphs: [t('terms.law.governing', names)] },
      {
        heading: t('terms.changes.heading'),
        paragraphs: [t('terms.changes.notice'), t('terms.changes.contact', names)],
      },
    ],
  };
}
