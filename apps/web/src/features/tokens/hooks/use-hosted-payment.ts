// The payment flow of marketplace §4: a form token is created for the chosen bundle and
// quantity (600 ms after the last change), the hosted form is shown, response code 1
// triggers the purchase call, a cancel clears the token and regenerates it after about
// 600 ms, duplicate submissions are ignored while one is processing, and a form left for
// 5 minutes is logged and replaced. Declines show 'Payment failed: {reason}' and are logged.
import {
  type CreateTransactionTokenResponse,
  MESSAGES,
  PAYMENT_CANCEL_REGENERATE_MS,
  PAYMENT_FORM_TIMEOUT_MS,
  PAYMENT_MESSAGES,
  PAYMENT_QUANTITY_DEBOUNCE_MS,
  type PaymentErrorType,
  type TokenBundle,
} from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@/features/auth';
import { ApiError, errorMessage } from '@/lib/api-client';
import { sharedRef, sharedText } from '@/lib/i18n/shared-text';
import { createTransactionToken } from '../api/create-transaction-token';
import { logPaymentError } from '../api/log-payment-error';
import { purchaseTokens } from '../api/purchase-tokens';
import {
  COMMUNICATOR_MESSAGE,
  type FormMessage,
  parseFormMessage,
  type TransactResponse,
} from '../lib/communicator';

const DEFAULT_FRAME_HEIGHT = 560;
const FRAME_HEIGHT_LIMITS = [320, 1400] as const;

export type PaymentStatus = 'idle' | 'loading' | 'ready' | 'processing' | 'succeeded';

export interface PaymentOutcome {
  kind: 'error' | 'notice' | 'success';
  lines: string[];
}

/** Server codes the member reads as "it is already done", not as a failure. */
const ALREADY_DONE = new Set([
  'DUPLICATE_TRANSACTION_SAME_USER',
  'DUPLICATE_TRANSACTION_CONSTRAINT',
]);

function formErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'TOKEN_CREATION_RATE_LIMIT_EXCEEDED' && error.message) return error.message;
    if (error.status === 429 && !error.code?.endsWith('_EXCEEDED')) return MESSAGES.tooManyRequests;
    if (error.message) return error.message;
  }
  return PAYMENT_MESSAGES.formFailed;
}

export function useHostedPayment(bundle: TokenBundle | null, quantity: number, enabled: boolean) {
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CreateTransactionTokenResponse | null>(null);
  const [status, setStatus] = useState<PaymentStatus>('idle');
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const [frameHeight, setFrameHeight] = useState(DEFAULT_FRAME_HEIGHT);
  const [generation, setGeneration] = useState(0);
  const processing = useRef(false);
  const handled = useRef(new Set<string>());
  const formRef = useRef(form);
  formRef.current = form;

  const log = useCallback(
    (errorType: PaymentErrorType, message: string, extra: { authNetResponse?: unknown } = {}) => {
      const current = formRef.current;
      logPaymentError({
        errorType,
        paymentFlow: 'token_purchase',
        amount: current?.amount,
        tokens: current?.tokens,
        quantity: current?.quantity ?? quantity,
        itemId: current?.item_id ?? bundle?.id,
        itemName: current?.item_name ?? bundle?.name,
        applicationError: { message },
        formToken: current?.token,
        ...extra,
      });
    },
    [bundle, quantity],
  );

  /** Asks for a fresh form: after a cancel, a timeout or a completed purchase. */
  const regenerate = useCallback(() => {
    setForm(null);
    setGeneration((g) => g + 1);
  }, []);

  // A new token 600 ms after the bundle or quantity last changed (and on regeneration).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` asks for a new token with the same bundle and quantity
  useEffect(() => {
    if (!enabled || !bundle) return;
    let current = true;
    setForm(null);
    setStatus('loading');
    const timer = setTimeout(async () => {
      try {
        const created = await createTransactionToken(bundle, quantity);
        if (!current) return;
        setFrameHeight(DEFAULT_FRAME_HEIGHT);
        setForm(created);
        setStatus('ready');
      } catch (error) {
        if (!current) return;
        const message = formErrorMessage(error);
        setStatus('idle');
        setOutcome({
          kind: 'error',
          lines: [error instanceof ApiError ? errorMessage(error, message) : sharedText(message)],
        });
        log('TOKEN_CREATION_FAILED', message);
      }
    }, PAYMENT_QUANTITY_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [enabled, bundle, quantity, generation, log]);

  // Five minutes on one form without an answer: logged and replaced.
  useEffect(() => {
    if (status !== 'ready' || !form) return;
    const timer = setTimeout(() => {
      log('PAYMENT_TIMEOUT', 'Payment form timed out');
      setOutcome({ kind: 'notice', lines: [sharedText(PAYMENT_MESSAGES.formTimedOut)] });
      regenerate();
    }, PAYMENT_FORM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [status, form, log, regenerate]);

  const completePurchase = useCallback(
    async (response: TransactResponse) => {
      const current = formRef.current;
      if (!current) return;
      processing.current = true;
      setStatus('processing');
      setOutcome(null);
      try {
        const result = await purchaseTokens(current, response);
        updateUser((user) => ({ ...user, tokenBalance: result.newBalance }));
        setOutcome({
          kind: 'success',
          lines: [
            sharedRef(
              { key: 'PAYMENT_MESSAGES.success', params: { message: sharedText(result.message) } },
              PAYMENT_MESSAGES.success(result.message),
            ),
            sharedRef(
              { key: 'PAYMENT_MESSAGES.newBalance', params: { balance: result.newBalance } },
              PAYMENT_MESSAGES.newBalance(result.newBalance),
            ),
          ],
        });
        setStatus('succeeded');
      } catch (error) {
        if (error instanceof ApiError && error.code && ALREADY_DONE.has(error.code)) {
          setOutcome({ kind: 'notice', lines: [errorMessage(error, error.message)] });
          setStatus('succeeded');
        } else {
          const message =
            error instanceof ApiError && error.message ? error.message : MESSAGES.internal;
          const shown = errorMessage(error, MESSAGES.internal);
          setOutcome({
            kind: 'error',
            lines: [
              sharedRef(
                { key: 'PAYMENT_MESSAGES.purchaseFailed', params: { message: shown } },
                PAYMENT_MESSAGES.purchaseFailed(message),
              ),
            ],
          });
          setStatus('ready');
          log('PAYMENT_ERROR', message, { authNetResponse: response.raw });
        }
      } finally {
        processing.current = false;
        void queryClient.invalidateQueries({ queryKey: ['tokens', 'transactions'] });
      }
    },
    [log, queryClient, updateUser],
  );

  const handleMessage = useCallback(
    (message: FormMessage) => {
      if (message.action === 'resizeWindow' && message.height > 0) {
        const [min, max] = FRAME_HEIGHT_LIMITS;
        setFrameHeight(Math.min(max, Math.max(min, message.height)));
      } else if (message.action === 'cancel') {
        setOutcome(null);
        setForm(null);
        setStatus('loading');
        setTimeout(regenerate, PAYMENT_CANCEL_REGENERATE_MS);
      } else if (message.action === 'transactResponse') {
        const { response } = message;
        // The same answer twice, or a second one while the first is still being confirmed.
        if (processing.current || handled.current.has(response.transId)) return;
        handled.current.add(response.transId);
        if (response.approved) {
          void completePurchase(response);
        } else {
          // The processor's reason in its words, unless it is one we word too (a decline).
          const line = sharedRef(
            {
              key: 'PAYMENT_MESSAGES.paymentFailed',
              params: { reason: sharedText(response.reason) },
            },
            PAYMENT_MESSAGES.paymentFailed(response.reason),
          );
          setOutcome({ kind: 'error', lines: [line] });
          log('PAYMENT_DECLINED', response.reason, { authNetResponse: response.raw });
        }
      }
    },
    [completePurchase, log, regenerate],
  );

  useEffect(() => {
    if (!enabled) return;
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; qstr?: unknown } | null;
      if (data?.type !== COMMUNICATOR_MESSAGE || typeof data.qstr !== 'string') return;
      handleMessage(parseFormMessage(data.qstr));
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [enabled, handleMessage]);

  const startOver = useCallback(() => {
    setOutcome(null);
    regenerate();
  }, [regenerate]);

  return { form, status, outcome, frameHeight, startOver, clearOutcome: () => setOutcome(null) };
}
