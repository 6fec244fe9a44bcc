// Local SMS adapter: prints each message and remembers the last code per number, so
// development and tests can sign in without a phone. Showing the code is its job, so it
// writes to its own channel (stdout, plain text), never through the app's logger, which
// masks codes and numbers; production refuses SMS_PROVIDER=console (config-checks).
import type { SmsMessage, SmsSender } from './sms.port';

export interface OutboxEntry {
  phone: string;
  body: string;
  code: string | null;
  sentAt: Date;
}

/** The development console: the one place a phone number and its code are shown. */
export const printToConsole = (line: string) => {
  process.stdout.write(`${line}\n`);
};

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
