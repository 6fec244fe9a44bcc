// How It Works (accounts §2 Instructions overlay): explains the product; visitors get a
// Join / Sign In button to /auth. The legal links exist but are hidden, as specified.
import { MINIMUM_AGE, REFERRAL_BONUS } from '@bidboard/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { CashIcon, ChatIcon, GavelIcon, GiftIcon, HeartIcon } from '@/components/ui/icons';
import { Dialog } from '@/components/ui/sheet';
import { useRedemptionMultiplier } from '@/lib/redemption';
import { useInstructionsText } from '../i18n';
import './instructions-overlay.css';

type InstructionsText = ReturnType<typeof useInstructionsText>;

interface Step {
  icon: ReactNode;
  title: string;
  text: string;
}

/** The redemption line names the multiplier in effect (product rules: Copy). */
function redemptionLine(t: InstructionsText, multiplier: number | null): string {
  if (multiplier === null) return '';
  return ` ${multiplier > 1 ? t('earn.redeemMultiplier', { multiplier }) : t('earn.redeem')}`;
}

function steps(t: InstructionsText, multiplier: number | null): Step[] {
  return [
    { icon: <GavelIcon />, title: t('bid.title'), text: t('bid.text') },
    { icon: <HeartIcon />, title: t('win.title'), text: t('win.text') },
    { icon: <ChatIcon />, title: t('chat.title'), text: t('chat.text') },
    {
      icon: <CashIcon />,
      title: t('earn.title'),
      text: `${t('earn.text')}${redemptionLine(t, multiplier)}`,
    },
    {
      icon: <GiftIcon />,
      title: t('collect.title'),
      text: t('collect.text', { count: REFERRAL_BONUS }),
    },
  ];
}

interface InstructionsOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isVisitor: boolean;
}

export function InstructionsOverlay({ open, onOpenChange, isVisitor }: InstructionsOverlayProps) {
  const t = useInstructionsText();
  const multiplier = useRedemptionMultiplier();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      className="instructions"
      focusableBody={!isVisitor}
    >
      <h2 className="instructions__title">{t('headline')}</h2>
      <ol className="instructions__steps">
        {steps(t, multiplier).map((step, index) => (
          <li key={step.title} className="instructions__step">
            <span className="instructions__icon" aria-hidden="true">
              {step.icon}
            </span>
            <div>
              <h3 className="instructions__step-title">
                <span className="visually-hidden">{t('step', { number: index + 1 })}</span>{' '}
                {step.title}
              </h3>
              <p className="instructions__text">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="instructions__age">{t('age', { age: MINIMUM_AGE })}</p>
      {isVisitor ? (
        <div className="instructions__cta">
          <ButtonLink to="/auth" block onClick={() => onOpenChange(false)}>
            {t('join')}
          </ButtonLink>
        </div>
      ) : null}
      <nav hidden aria-label={t('legal')}>
        <Link to="/terms">{t('legal.terms')}</Link>
        <Link to="/policy">{t('legal.privacy')}</Link>
      </nav>
    </Dialog>
  );
}
