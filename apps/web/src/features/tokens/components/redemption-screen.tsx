// Token redemption screen (marketplace §2, §5 Redemption): 5 digit boxes with -/+ 10, the
// multiplier in effect, what the member will actually receive after fees (the campaign part
// and the base part, from the server's quote), the PayPal email and the Redeem button, with
// every rule's message shown as it applies. Loaded on demand.
import {
  clampRedeemAmount,
  DEFAULT_MINIMUM_REDEEMABLE,
  REDEEM_DIGITS,
  REDEEM_MAX,
  REDEEM_STEP,
  REDEMPTION_MESSAGES,
  redemptionValue,
  validatePaypalEmail,
  validateRedeemAmount,
} from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Suspense, useId, useState } from 'react';
import { AmountBoxes } from '@/components/ui/amount-boxes';
import { Button } from '@/components/ui/button';
import { MinusIcon, PlusIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { Dialog } from '@/components/ui/sheet';
import { useCurrentUser } from '@/features/auth';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatTokens } from '@/lib/format';
import { useSharedText } from '@/lib/i18n';
import { formatMoney } from '@/lib/i18n/format';
import { lazyComponent } from '@/lib/lazy';
import { useMinimumRedeemable } from '../api/get-minimum-redeemable';
import { quoteLimits, redemptionQuoteKey, useRedemptionQuote } from '../api/get-redemption-quote';
import { useRedeemTokens } from '../api/redeem-tokens';
import { useTokensText } from '../i18n';
import { RedemptionValue } from './redemption-value';
import './redemption.css';

// The year's payouts and the payee profile (issue 43): the payouts feature's own chunk.
const RedemptionPayoutsNote = lazyComponent(() =>
  import('@/features/payouts').then((m) => m.RedemptionPayoutsNote),
);

interface RedemptionScreenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RedemptionScreen({ open, onOpenChange }: RedemptionScreenProps) {
  const user = useCurrentUser();
  const redeemable = user?.redeemableTokens ?? 0;
  const minimum = useMinimumRedeemable(open).data ?? DEFAULT_MINIMUM_REDEEMABLE;
  const limits = { minimum, redeemable };
  const [amount, setAmount] = useState(() => clampRedeemAmount(redeemable, limits));
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const redeem = useRedeemTokens();
  const t = useTokensText();
  const { sharedText, sharedRef } = useSharedText();
  const held = redeem.data?.redemption.awaiting_payee_profile === true;
  const queryClient = useQueryClient();
  const emailId = useId();
  const ruleId = useId();

  const amountCheck = validateRedeemAmount(amount, limits);
  const emailCheck = validatePaypalEmail(email);
  const quote = useRedemptionQuote(open && amount > 0 && amount <= REDEEM_MAX, amount).data;
  // The limits of the latest quote value the amount on screen at once; the quote for this
  // exact amount follows.
  const valueLimits = quote ? quoteLimits(quote) : null;
  const payout = valueLimits ? redemptionValue(amount, valueLimits).amountCents : null;
  const submitting = redeem.isPending;
  const canRedeem =
    !submitting &&
    payout !== null &&
    email.trim() !== '' &&
    amount >= minimum &&
    amount <= redeemable;
  // The rules' refusals in the language on screen; the minimum's names its amount.
  const rule = !amountCheck.ok
    ? amountCheck.message === REDEMPTION_MESSAGES.belowMinimum(minimum)
      ? sharedRef(
          { key: 'REDEMPTION_MESSAGES.belowMinimum', params: { minimum } },
          amountCheck.message,
        )
      : sharedText(amountCheck.message)
    : emailTouched && !emailCheck.ok
      ? sharedText(emailCheck.message)
      : null;

  const stepBy = (delta: number) => {
    setResult(null);
    setAmount(clampRedeemAmount(amount + delta, limits));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setEmailTouched(true);
    if (!canRedeem || !amountCheck.ok || !emailCheck.ok) return;
    setResult(null);
    redeem.mutate(
      // The value shown is the least the member accepts: if the campaign's budget ran out
      // since, the server refuses and says the new value instead of paying less.
      { token_amount: amount, paypal_email: emailCheck.value, expected_cents: payout ?? 0 },
      {
        onSuccess: (response) => setResult({ ok: true, message: sharedText(response.message) }),
        onError: (error) => {
          void queryClient.invalidateQueries({ queryKey: redemptionQuoteKey });
          if (error instanceof ApiError && error.code === 'CONFLICT') {
            setResult({ ok: false, message: errorMessage(error, error.message) });
            return;
          }
          const message =
            error instanceof ApiError && error.message
              ? error.message
              : REDEMPTION_MESSAGES.failedDefault;
          setResult({
            ok: false,
            message: sharedRef(
              {
                key: 'REDEMPTION_MESSAGES.failed',
                params: { message: errorMessage(error, REDEMPTION_MESSAGES.failedDefault) },
              },
              REDEMPTION_MESSAGES.failed(message),
            ),
          });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('redeem.title')} className="redeem">
      <button
        type="button"
        className="redeem__logo"
        aria-label={t('redeem.close')}
        onClick={() => onOpenChange(false)}
      >
        <Logo size="sm" />
      </button>
      {result?.ok ? (
        <div className="redeem__done" role="status">
          <p
            className={held ? 'redeem__done-title redeem__done-title--held' : 'redeem__done-title'}
          >
            {held ? sharedText(REDEMPTION_MESSAGES.submitted) : result.message}
          </p>
          <Suspense fallback={null}>
            <RedemptionPayoutsNote held={held} />
          </Suspense>
          <p className="redeem__hint">
            {t(held ? 'redeem.willPayHeld' : 'redeem.willPay', {
              amount: formatMoney(redeem.data?.redemption.amount_cents ?? payout ?? 0),
              email: redeem.data?.redemption.paypal_email ?? '',
            })}
          </p>
          <Button block onClick={() => onOpenChange(false)}>
            {t('redeem.done')}
          </Button>
        </div>
      ) : (
        <form className="redeem__form" onSubmit={handleSubmit} noValidate>
          <p className="redeem__available">
            {t('redeem.available', { redeemable, minimum: formatTokens(minimum) })}
          </p>
          <span className="redeem__label" id={`${ruleId}-label`}>
            {sharedText(REDEMPTION_MESSAGES.tokensToRedeem)}
          </span>
          <fieldset className="redeem__entry" aria-labelledby={`${ruleId}-label`}>
            <button
              type="button"
              className="redeem__step"
              aria-label={t('redeem.decrease')}
              disabled={amount <= 0 || amount <= minimum || submitting}
              onClick={() => stepBy(-REDEEM_STEP)}
            >
              <MinusIcon />
            </button>
            <AmountBoxes
              value={amount}
              length={REDEEM_DIGITS}
              onChange={(next) => {
                setResult(null);
                setAmount(next);
              }}
              labelPrefix={t('redeem.digit')}
              invalid={!amountCheck.ok}
              describedBy={rule ? ruleId : undefined}
              disabled={submitting}
            />
            <button
              type="button"
              className="redeem__step"
              aria-label={t('redeem.increase')}
              disabled={amount >= redeemable || submitting}
              onClick={() => stepBy(REDEEM_STEP)}
            >
              <PlusIcon />
            </button>
          </fieldset>
          {valueLimits ? (
            <RedemptionValue tokens={amount} limits={valueLimits} />
          ) : (
            <p className="redeem__note">{t('redeem.quoting')}</p>
          )}
          <Suspense fallback={null}>
            <RedemptionPayoutsNote />
          </Suspense>
          <label className="redeem__label" htmlFor={emailId}>
            {sharedText(REDEMPTION_MESSAGES.emailPrompt)}
          </label>
          <input
            id={emailId}
            className="redeem__email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('redeem.emailPlaceholder')}
            value={email}
            onChange={(event) => {
              setResult(null);
              setEmail(event.target.value);
            }}
            onBlur={() => setEmailTouched(true)}
            disabled={submitting}
            aria-invalid={emailTouched && !emailCheck.ok ? true : undefined}
          />
          {rule ? (
            <p id={ruleId} className="redeem__rule" role="alert">
              {rule}
            </p>
          ) : null}
          {result && !result.ok ? (
            <p className="redeem__rule" role="alert">
              {result.message}
            </p>
          ) : null}
          <Button type="submit" block disabled={!canRedeem} busy={submitting}>
            {t('redeem.submit')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
