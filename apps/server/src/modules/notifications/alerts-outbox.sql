-- Every alert, however it is written (one row, or a period close's bulk insert), queues
-- its notifications in the same transaction: one INSERT per statement, only for the
-- channels the member has (a push subscription; SMS opted in and not stopped), and bid
-- alerts only while the member's bid notification switch is on. The outbox worker
-- (notifications/outbox.service.ts) sends them.
CREATE OR REPLACE FUNCTION "notification_outbox_for_alerts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_outbox (user_id, channel, alert_id)
  SELECT a.user_id, c.channel, a.id
    FROM new_alerts a
    JOIN users u ON u.id = a.user_id
    CROSS JOIN (VALUES ('push'), ('sms')) AS c(channel)
   WHERE (a.kind NOT IN ('outbid', 'auction_won') OR u.bid_notification)
     AND CASE c.channel
           WHEN 'push' THEN EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = a.user_id)
           ELSE u.sms_notification AND NOT u.twilio_stop
         END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "alerts_notification_outbox" AFTER INSERT ON "alerts"
  REFERENCING NEW TABLE AS new_alerts
  FOR EACH STATEMENT EXECUTE FUNCTION "notification_outbox_for_alerts"();
