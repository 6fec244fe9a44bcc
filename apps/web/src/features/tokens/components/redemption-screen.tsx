// Token redemption screen (marketplace §2, §5 Redemption): 5 digit boxes with -/+ 10, the
// multiplier in effect, what the member will receive after fees, the PayPal email and the
// Redeem button, with every rule's message shown as it applies. Loaded on demand.
import {
  clampRedeemAmount,
  DEFAULT_MINIMUM_REDEEMABLE,
  formatCents,
  REDEEM_DIGITS,
  REDEEM_STEP,
  REDEMPTION_MESSAGES,
  redemptionPayoutCents,
  validatePaypalEmail,
  validateRedeemAmount,
} from '@bidboard/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DigitBoxes } from '@/components/ui/digit-boxes';
import { MinusIcon, PlusIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { Dialog } from '@/components/ui/sheet';
import { useCurrentUser } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { formatTokens } from '@/lib/format';
import { useMinimumRedeemable } from '../api/get-minimum-redeemable';
import { useRedemptionConfig } from '../api/get-redemption-config';
import { useRedeemTokens } from '../api/redeem-tokens';
import './redemption.css';

const toDigits = (amount: number) =>
  String(amount).padStart(REDEEM_DIGITS, '0').slice(-REDEEM_DIGITS).split('');
const toAmount = (digits: readonly string[]) => Number(digits.join('') || '0');

interface RedemptionScreenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RedemptionScreen({ open, onOpenChange }: RedemptionScreenProps) {
  const user = useCurrentUser();
  const redeemable = user?.redeemableTokens ?? 0;
  const minimum = useMinimumRedeemable(open).data ?? DEFAULT_MINIMUM_REDEEMABLE;
  const config = useRedemptionConfig(open).data ?? { multiplier: 1, feeCents: 0 };
  const limits = { minimum, redeemable };
  const [digits, setDigits] = useState(() => toDigits(clampRedeemAmount(redeemable, limits)));
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const redeem = useRedeemTokens();
  const emailId = useId();
  const ruleId = useId();

  const amount = toAmount(digits);
  const amountCheck = validateRedeemAmount(amount, limits);
  const emailCheck = validatePaypalEmail(email);
  const payout = redemptionPayoutCents(amount, config.multiplier, config.feeCents);
  const submitting = redeem.isPending;
  const canRedeem = !submitting && email.trim() !== '' && amount >= minimum && amount <= redeemable;
  const rule = !amountCheck.ok
    ? amountCheck.message
    : emailTouched && !emailCheck.ok
      ? emailCheck.message
      : null;

  const stepBy = (delta: number) => {
    setResult(null);
    setDigits(toDigits(clampRedeemAmount(amount + delta, limits)));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setEmailTouched(true);
    if (!canRedeem || !amountCheck.ok || !emailCheck.ok) return;
    setResult(null);
    redeem.mutate(
      { token_amount: amount, paypal_email: emailCheck.value },
      {
        onSuccess: (response) => setResult({ ok: true, message: response.message }),
        onError: (error) => {
          const message =
            error instanceof ApiError && error.message
              ? error.message
              : REDEMPTION_MESSAGES.failedDefault;
          setResult({ ok: false, message: REDEMPTION_MESSAGES.failed(message) });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Redeem tokens" className="redeem">
      <button
        type="button"
        className="redeem__logo"
        aria-label="Close and go back"
        onClick={() => onOpenChange(false)}
      >
        <Logo size="sm" />
      </button>
      {result?.ok ? (
        <div className="redeem__done" role="status">
          <p className="redeem__done-title">{result.message}</p>
          <p className="redeem__hint">
            We pay {formatCents(redeem.data?.redemption.amount_cents ?? payout)} to{' '}
            {redeem.data?.redemption.paypal_email}. Your history shows it as pending until it is
            paid.
          </p>
          <Button block onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </div>
      ) : (
        <form className="redeem__form" onSubmit={handleSubmit} noValidate>
          <p className="redeem__available">
            {formatTokens(redeemable)} tokens redeemable · {formatTokens(minimum)} minimum
          </p>
          <span className="redeem__label" id={`${ruleId}-label`}>
            {REDEMPTION_MESSAGES.tokensToRedeem}
          </span>
          <fieldset className="redeem__entry" aria-labelledby={`${ruleId}-label`}>
            <button
              type="button"
              className="redeem__step"
              aria-label="Decrease by 10"
              disabled={amount <= 0 || amount <= minimum || submitting}
              onClick={() => stepBy(-REDEEM_STEP)}
            >
              <MinusIcon />
            </button>
            <DigitBoxes
              digits={digits}
              onChange={(next) => {
                setResult(null);
                setDigits(next.map((d) => d || '0'));
              }}
              labelPrefix="Redeem digit"
              invalid={!amountCheck.ok}
              describedBy={rule ? ruleId : undefined}
              disabled={submitting}
            />
            <button
              type="button"
              className="redeem__step"
              aria-label="Increase by 10"
              disabled={amount >= redeemable || submitting}
              onClick={() => stepBy(REDEEM_STEP)}
            >
              <PlusIcon />
            </button>
          </fieldset>
          <p className="redeem__multiplier">{REDEMPTION_MESSAGES.multiplier(config.multiplier)}</p>
          <p className="redeem__receive">
            {REDEMPTION_MESSAGES.youWillReceive((payout / 100).toFixed(2))}
          </p>
          <label className="redeem__label" htmlFor={emailId}>
            {REDEMPTION_MESSAGES.emailPrompt}
          </label>
          <input
            id={emailId}
            className="redeem__email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
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
            Redeem
          </Button>
        </form>
      )}
    </Dialog>
  );
}
