// Payee identity (issue 43; product rules, Payouts): who a member is for the year-end payee
// reports. The taxpayer id is stored only encrypted (AES-256-GCM, lib/payee-id-cipher.ts)
// with the id of the key that sealed it, so keys rotate without a flag day; the last 4
// digits are kept in the clear because they are all any screen or export shows.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

export const payeeIdentities = pgTable(
  'payee_identities',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    legal_name: text('legal_name').notNull(),
    /**
     * A Canadian individual's (SIN) first and last name, apart as Part XX reports them (the
     * legal name is the two joined); null for a business and every US payee.
     */
    first_name: text('first_name'),
    last_name: text('last_name'),
    address_line1: text('address_line1').notNull(),
    address_line2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postal_code: text('postal_code').notNull(),
    country: text('country', { enum: ['US', 'CA'] }).notNull(),
    taxpayer_id_type: text('taxpayer_id_type', {
      enum: ['ssn', 'itin', 'ein', 'sin', 'bn'],
    }).notNull(),
    /** 'iv.tag.ciphertext' (base64url), sealed with the member's id as associated data. */
    taxpayer_id_sealed: text('taxpayer_id_sealed').notNull(),
    /** Which PAYEE_ID_KEYS entry sealed it: rows on an old key are re-sealed by the CLI. */
    taxpayer_id_key: text('taxpayer_id_key').notNull(),
    taxpayer_id_last4: text('taxpayer_id_last4').notNull(),
    certified_at: timestamp('certified_at', { withTimezone: true }).notNull(),
    certification_version: integer('certification_version').notNull(),
    /**
     * What Part XX asks of a Canadian individual (SIN) seller and account deletion erases from
     * the member, copied here only when the account is deleted and this profile stays as a
     * tax record (a Canadian payee): the date of birth, and the PayPal addresses their payouts
     * went to. Null for every other profile (a live member's are read from their own rows).
     */
    birth_date: date('birth_date', { mode: 'string' }),
    payout_accounts: text('payout_accounts').array(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payee_identities_id_of_country',
      sql`(${t.country} = 'US' AND ${t.taxpayer_id_type} IN ('ssn', 'itin', 'ein'))
       OR (${t.country} = 'CA' AND ${t.taxpayer_id_type} IN ('sin', 'bn'))`,
    ),
    check(
      'payee_identities_names_apart',
      sql`(${t.first_name} IS NOT NULL AND ${t.last_name} IS NOT NULL)
       = (${t.country} = 'CA' AND ${t.taxpayer_id_type} = 'sin')`,
    ),
    check('payee_identities_last4', sql`${t.taxpayer_id_last4} ~ '^[0-9]{4}$'`),
  ],
);

export type PayeeIdentityRow = typeof payeeIdentities.$inferSelect;
