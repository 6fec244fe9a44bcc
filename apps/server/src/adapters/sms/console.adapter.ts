// Local SMS adapter: writes each message to the log and remembers the last code per
// number, so development and tests can sign in without a phone.
import type { SmsMessage, SmsSender } from './sms.port';

export interface OutboxEntry {
  phone: string;
  body: string;
  code: string | null;
  sentAt: Date;
}

export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console' as const;
  private readonly outbox = new Map<string, OutboxEntry>();

  constructor(private readonly log: (line: string) => void) {}

  async send(message: SmsMessage): Promise<void> {
    const code = /\b(\d{6})\b/.exec(message.body)?.[1] ?? null;
    this.outbox.set(message.to, {
      phone: message.to,
      body: message.body,
      code,
      sentAt: new Date(),
    });
    this.log(`[sms] to ${message.to}: ${message.body}`);
  }

  lastTo(phone: string): OutboxEntry | undefined {
    return this.outbox.get(phone);
  }
}
