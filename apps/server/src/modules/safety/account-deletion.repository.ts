// SQL of an account deletion: erasing the member's personal fields, their chat images and
// the rows that only served them (account-deletion.service runs it in one transaction).
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';

/**
 * Erases a member who is not deleted yet, releasing their phone number for the
 * placeholder; the old phone number comes back, or undefined when already deleted.
 */
export async function eraseMember(
  tx: Tx,
  userId: number,
  now: Date,
  placeholderPhone: string,
): Promise<{ phone: string } | undefined> {
  const [erased] = await rows<{ phone: string }>(
    tx,
    sql`UPDATE users u SET
          deleted_at = ${now.toISOString()}::timestamptz, updated_at = now(),
          phone_number = ${placeholderPhone}, username = NULL, email = NULL,
          gender = NULL, ethnicity = NULL, seeking_gender = NULL, short_bio = NULL,
          postal_code = NULL, country = NULL, state = NULL, city = NULL, birth_date = NULL,
          location_lat = NULL, location_lon = NULL,
          favorite_thing_1 = NULL, favorite_thing_1_answer = NULL,
          favorite_thing_2 = NULL, favorite_thing_2_answer = NULL,
          favorite_thing_3 = NULL, favorite_thing_3_answer = NULL,
          available_for_bids = FALSE, open_to_dating = FALSE, is_approved = FALSE,
          bid_notification = FALSE, sms_notification = FALSE, sms_consent_at = NULL,
          invites_left = 0, last_active_at = NULL
        FROM (SELECT phone_number FROM users WHERE id = ${userId}) old
       WHERE u.id = ${userId} AND u.deleted_at IS NULL
   RETURNING old.phone_number AS phone`,
  );
  return erased;
}

/** Clears the image of every chat message the member sent; the cleared keys come back. */
export function clearSentChatImages(tx: Tx, userId: number): Promise<{ blob_key: string }[]> {
  return rows<{ blob_key: string }>(
    tx,
    sql`UPDATE messages m SET blob_key = NULL
          FROM (SELECT id, blob_key FROM messages
                 WHERE sender_id = ${userId} AND blob_key IS NOT NULL FOR UPDATE) old
         WHERE m.id = old.id
     RETURNING old.blob_key`,
  );
}

/**
 * What the books keep of a failed payment the member's browser logged: the figures. The
 * rest (the processor's answer, the error's words, form and session ids) is free-form.
 */
const PAYMENT_ERROR_FIGURES = ['amount', 'tokens', 'quantity', 'itemId', 'itemName'];

/**
 * Erases what the money rows hold about the member beyond the amounts: the PayPal email of
 * each decided redemption (a pending one keeps it until decided, to pay what is owed; the
 * decision erases it) and the free-form parts of each logged payment error.
 */
export async function eraseMemberPaymentDetails(tx: Tx, userId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE redemptions SET paypal_email = ''
         WHERE user_id = ${userId} AND status <> 'pending' AND paypal_email <> ''`,
  );
  const figures = sql.join(
    PAYMENT_ERROR_FIGURES.map((key) => sql`${key}::text, details -> ${key}::text`),
    sql`, `,
  );
  await tx.execute(
    sql`UPDATE payment_errors
           SET message = NULL, details = jsonb_strip_nulls(jsonb_build_object(${figures}))
         WHERE user_id = ${userId}`,
  );
}

/** The rows kept only for the member: sign-in codes, push subscriptions, alerts, blocks. */
export async function deleteMemberLeftovers(tx: Tx, userId: number, phone: string): Promise<void> {
  await tx.execute(sql`DELETE FROM otp_codes WHERE phone_number = ${phone}`);
  await tx.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
  await tx.execute(sql`DELETE FROM alerts WHERE user_id = ${userId}`);
  await tx.execute(sql`DELETE FROM blocks WHERE blocker_id = ${userId} OR blocked_id = ${userId}`);
}
