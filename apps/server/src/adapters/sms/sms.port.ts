// SMS delivery port. `console` is the local default (logs and keeps an outbox the dev
// endpoint reads); `twilio` sends real messages through Twilio's REST API.
export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  readonly name: 'console' | 'twilio';
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
