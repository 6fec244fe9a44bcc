// How It Works (accounts §2 Instructions overlay): explains the product; visitors get a
// Join / Sign In button to /auth. The legal links exist but are hidden, as specified.
import {
  DAILY_CLAIM_LINE,
  INSTRUCTIONS_TITLE,
  MINIMUM_AGE,
  REFERRAL_BONUS,
  redemptionLine,
} from '@bidboard/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { CashIcon, ChatIcon, GavelIcon, GiftIcon, HeartIcon } from '@/components/ui/icons';
import { Dialog } from '@/components/ui/sheet';
import { useRedemptionMultiplier } from '@/lib/redemption';
import './instructions-overlay.css';

interface Step {
  icon: ReactNode;
  title: string;
  text: string;
}

function steps(multiplier: number | null): Step[] {
  return [
    {
      icon: <GavelIcon />,
      title: 'Bid on profiles',
      text: 'Every member who is available for bids has an auction profile. Place token bids on the people you want to meet. Bidding closes Thursday at 8pm ET.',
    },
    {
      icon: <HeartIcon />,
      title: 'Win a connection',
      text: 'The highest bid when bidding closes wins a connection. The profile owner then accepts or rejects it.',
    },
    {
      icon: <ChatIcon />,
      title: 'Chat',
      text: 'Chat unlocks once the winning bid is accepted.',
    },
    {
      icon: <CashIcon />,
      title: 'Earn and redeem',
      text: `Earn tokens for chatting with your winning bidder.${multiplier === null ? '' : ` ${redemptionLine(multiplier)}`}`,
    },
    {
      icon: <GiftIcon />,
      title: 'Collect tokens',
      text: `${DAILY_CLAIM_LINE} When a friend joins with your invite, you both get ${REFERRAL_BONUS} tokens.`,
    },
  ];
}

interface InstructionsOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isVisitor: boolean;
}

export function InstructionsOverlay({ open, onOpenChange, isVisitor }: InstructionsOverlayProps) {
  const multiplier = useRedemptionMultiplier();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="How It Works" className="instructions">
      <h2 className="instructions__title">{INSTRUCTIONS_TITLE}</h2>
      <ol className="instructions__steps">
        {steps(multiplier).map((step, index) => (
          <li key={step.title} className="instructions__step">
            <span className="instructions__icon" aria-hidden="true">
              {step.icon}
            </span>
            <div>
              <h3 className="instructions__step-title">
                <span className="visually-hidden">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="instructions__text">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="instructions__age">Members must be {MINIMUM_AGE} or older.</p>
      {isVisitor ? (
        <div className="instructions__cta">
          <ButtonLink to="/auth" block onClick={() => onOpenChange(false)}>
            Join / Sign In
          </ButtonLink>
        </div>
      ) : null}
      <nav hidden aria-label="Legal">
        <Link to="/terms">Terms and Conditions</Link>
        <Link to="/policy">Privacy Policy</Link>
      </nav>
    </Dialog>
  );
}
