import type { Config } from '../../config';
import { ConsoleSmsSender, printToConsole } from './console.adapter';
import type { SmsSender } from './sms.port';
import { TwilioSmsSender } from './twilio.adapter';

export function createSmsSender(config: Config): SmsSender {
  if (config.SMS_PROVIDER === 'twilio') {
    return new TwilioSmsSender({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM,
      messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
      baseUrl: config.TWILIO_API_URL,
    });
  }
  // Printed at the level the log line used to have: LOG_LEVEL=warn or quieter hides it too.
  const shown = ['info', 'debug', 'trace'].includes(config.LOG_LEVEL);
  return new ConsoleSmsSender(shown ? printToConsole : () => {});
}
