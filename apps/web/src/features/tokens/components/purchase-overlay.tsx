// Token purchase overlay (marketplace §2): a bundle selector, a quantity stepper, the price
// total and the hosted card form. Loaded on demand, so the first page never carries it.
import {
  PAYMENT_MESSAGES,
  PURCHASE_QUANTITY_MAX,
  PURCHASE_QUANTITY_MIN,
  type TokenBundle,
} from '@bidboard/shared';
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { MinusIcon, PlusIcon } from '@/components/ui/icons';
import { Dialog } from '@/components/ui/sheet';
import { useSharedText } from '@/lib/i18n';
import { formatMoney } from '@/lib/i18n/format';
import { useItems } from '../api/get-items';
import { useHostedPayment } from '../hooks/use-hosted-payment';
import { useTokensText } from '../i18n';
import { HostedPaymentFrame } from './hosted-payment-frame';
import './purchase.css';

interface PurchaseOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function PurchaseOverlay({ open, onOpenChange }: PurchaseOverlayProps) {
  const t = useTokensText();
  const { sharedText } = useSharedText();
  const items = useItems(open);
  const bundles = items.data ?? [];
  const [bundleId, setBundleId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(PURCHASE_QUANTITY_MIN);
  const bundle = bundles.find((b) => b.id === bundleId) ?? null;
  const payment = useHostedPayment(bundle, quantity, open);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // On a phone the member is looking at the card form; bring the answer into view.
  useEffect(() => {
    if (payment.outcome)
      outcomeRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [payment.outcome]);

  // The first bundle is chosen when the list arrives.
  useEffect(() => {
    if (bundleId === null && bundles[0]) setBundleId(bundles[0].id);
  }, [bundleId, bundles]);

  const choose = (next: TokenBundle) => {
    payment.clearOutcome();
    setBundleId(next.id);
  };
  const step = (delta: number) => {
    payment.clearOutcome();
    setQuantity((q) => Math.min(PURCHASE_QUANTITY_MAX, Math.max(PURCHASE_QUANTITY_MIN, q + delta)));
  };

  let body: React.ReactNode;
  if (items.isPending) body = <p className="purchase__message">{t('purchase.loading')}</p>;
  else if (items.isError)
    body = (
      <p className="purchase__message purchase__message--error" role="alert">
        {sharedText(PAYMENT_MESSAGES.fetchItemsFailed)}
      </p>
    );
  else if (bundles.length === 0)
    body = (
      <div className="purchase__empty">
        <p className="purchase__empty-title">{sharedText(PAYMENT_MESSAGES.noBundles)}</p>
        <p className="purchase__message">{sharedText(PAYMENT_MESSAGES.noItems)}</p>
      </div>
    );
  else
    body = (
      <>
        <fieldset className="bundles">
          <legend className="purchase__label">{t('purchase.choose')}</legend>
          {bundles.map((b) => (
            <label
              key={b.id}
              className={clsx('bundle focus-ring-within', b.id === bundleId && 'bundle--selected')}
            >
              <input
                type="radio"
                name="bundle"
                value={b.id}
                checked={b.id === bundleId}
                onChange={() => choose(b)}
                disabled={payment.status === 'processing'}
              />
              <span className="bundle__name">{b.name}</span>
              <span className="bundle__tokens">{t('purchase.tokens', { count: b.token_qty })}</span>
              <span className="bundle__price">{formatMoney(b.cost_cents)}</span>
              {b.description ? <span className="bundle__note">{b.description}</span> : null}
            </label>
          ))}
        </fieldset>
        <div className="purchase__row">
          <span className="purchase__label" id="quantity-label">
            {t('purchase.quantity')}
          </span>
          <fieldset className="stepper" aria-labelledby="quantity-label">
            <button
              type="button"
              className="stepper__button"
              aria-label={t('purchase.decrease')}
              disabled={quantity <= PURCHASE_QUANTITY_MIN || payment.status === 'processing'}
              onClick={() => step(-1)}
            >
              <MinusIcon />
            </button>
            <output className="stepper__value" aria-live="polite">
              {quantity}
            </output>
            <button
              type="button"
              className="stepper__button"
              aria-label={t('purchase.increase')}
              disabled={quantity >= PURCHASE_QUANTITY_MAX || payment.status === 'processing'}
              onClick={() => step(1)}
            >
              <PlusIcon />
            </button>
          </fieldset>
        </div>
        {bundle ? (
          <p className="purchase__total">
            <span>{t('purchase.total')}</span>
            <strong>{formatMoney(bundle.cost_cents * quantity)}</strong>
            <span className="purchase__total-tokens">
              {t('purchase.tokens', { count: bundle.token_qty * quantity })}
            </span>
          </p>
        ) : null}
        {payment.outcome ? (
          <div
            ref={outcomeRef}
            className={clsx('purchase__outcome', `purchase__outcome--${payment.outcome.kind}`)}
            role={payment.outcome.kind === 'error' ? 'alert' : 'status'}
          >
            {payment.outcome.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : null}
        {payment.status === 'succeeded' ? (
          <div className="purchase__done">
            <Button block onClick={payment.startOver}>
              {t('purchase.buyMore')}
            </Button>
            <Button block variant="secondary" onClick={() => onOpenChange(false)}>
              {t('purchase.done')}
            </Button>
          </div>
        ) : payment.form ? (
          <>
            {payment.status === 'processing' ? (
              <p className="purchase__message" role="status">
                {t('purchase.confirming')}
              </p>
            ) : null}
            <HostedPaymentFrame form={payment.form} height={payment.frameHeight} />
            <p className="purchase__secure">{t('purchase.secure')}</p>
          </>
        ) : payment.status === 'loading' ? (
          <p className="purchase__message">{t('purchase.formLoading')}</p>
        ) : bundle ? (
          <Button block variant="secondary" onClick={payment.startOver}>
            {t('purchase.retry')}
          </Button>
        ) : null}
      </>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('purchase.title')}
      className="purchase"
    >
      {body}
    </Dialog>
  );
}
