// Twilio adapter: one POST to the Messages resource of the REST API per message.
import { SmsDeliveryError, type SmsMessage, type SmsSender } from './sms.port';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
  /** PROVIDER_TIMEOUT_MS: a call Twilio has not answered by then counts as failed. */
  timeoutMs?: number;
  /** Overridable for tests that record the request. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** Twilio's error when a recipient has replied STOP (https://www.twilio.com/docs/api/errors/21610). */
export const TWILIO_UNSUBSCRIBED = 21610;

export class TwilioSmsSender implements SmsSender {
  readonly name = 'twilio' as const;

  constructor(private readonly settings: TwilioSettings) {}

  async send(message: SmsMessage): Promise<void> {
    const { accountSid, authToken, from, messagingServiceSid } = this.settings;
    const base = this.settings.baseUrl ?? 'https://api.twilio.com';
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (messagingServiceSid) form.set('MessagingServiceSid', messagingServiceSid);
    else if (from) form.set('From', from);
    const doFetch = this.settings.fetch ?? fetch;
    const response = await doFetch(`${base}/2010-04-01/Accounts/${accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
      throw new SmsDeliveryError(body.message ?? `Twilio responded ${response.status}`, body.code);
    }
  }
}
