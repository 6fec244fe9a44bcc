// Privacy Policy (marketplace §1, §9): what the product collects, why, and who receives it, in
// the member's language (locales/*.json, policy.*).
import { LEGAL, PRODUCT_NAME } from '@bidboard/shared';
import type { LegalText } from '../i18n';
import type { LegalDocument } from './legal-document';

export function policyDocument(t: LegalText): LegalDocument {
  const names = {
    product: PRODUCT_NAME,
    operator: LEGAL.operator,
    age: LEGAL.minimumAge,
    law: LEGAL.governingLaw,
  };
  return {
    title: t('policy.title'),
    summary: t('policy.summary', names),
    sections: [
      {
        heading: t('policy.given.heading'),
        paragraphs: [t('policy.given.intro')],
        list: [
          t('policy.given.phone'),
          t('policy.given.profile'),
          t('policy.given.video'),
          t('policy.given.activity'),
          t('policy.given.paypal'),
        ],
      },
      {
        heading: t('policy.automatic.heading'),
        paragraphs: [t('policy.automatic.technical'), t('policy.automatic.postal')],
      },
      {
        heading: t('policy.use.heading'),
        paragraphs: [t('policy.use.intro')],
        list: [
          t('policy.use.account'),
          t('policy.use.auctions'),
          t('policy.use.preferences'),
          t('policy.use.review'),
          t('policy.use.tokens'),
          t('policy.use.fraudNotice'),
          t('policy.use.notifications'),
          t('policy.use.law'),
        ],
      },
      { heading: t('policy.visible.heading'), paragraphs: [t('policy.visible.members')] },
      { heading: t('policy.sharing.heading'), paragraphs: [t('policy.sharing.providers')] },
      { heading: t('policy.retention.heading'), paragraphs: [t('policy.retention.kept')] },
      {
        heading: t('policy.rights.heading'),
        paragraphs: [t('policy.rights.choices'), t('policy.rights.center')],
      },
      { heading: t('policy.security.heading'), paragraphs: [t('policy.security.measures')] },
      { heading: t('policy.age.heading'), paragraphs: [t('policy.age.minors', names)] },
      { heading: t('policy.changes.heading'), paragraphs: [t('policy.changes.contact', names)] },
    ],
  };
}
