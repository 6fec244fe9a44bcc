// POST /log-payment-error: declines, timeouts and failures go to the backend for support.
// Logging never interrupts the member; a failure to log is only noted in the console.
import type { LogPaymentErrorBody } from '@bidboard/shared';
import { api } from '@/lib/api-client';

export function logPaymentError(body: LogPaymentErrorBody): void {
  api.post('/log-payment-error', body).catch((error: unknown) => {
    console.warn('Payment error could not be logged', error);
  });
}
