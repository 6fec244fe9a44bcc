import { MAXIMUM_BID_TEXT } from '@bidboard/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { BiddingSlide } from './bidding-slide';

function renderSlide(overrides: Partial<Parameters<typeof BiddingSlide>[0]> = {}) {
  const onSubmit = vi.fn();
  const onSignUp = vi.fn();
  render(
    <BiddingSlide
      auctionId={1}
      username="maya"
      currentBid={120}
      isOwn={false}
      balance={1000}
      isVisitor={false}
      isApproved
      isLeading={false}
      yourMaximum={null}
      insufficientFlash={false}
      submitting={false}
      error={null}
      onSubmit={onSubmit}
      onSignUp={onSignUp}
      {...overrides}
    />,
  );
  return { onSubmit, onSignUp };
}

const digits = () =>
  screen
    .getAllByRole('textbox')
    .map((box) => (box as HTMLInputElement).value)
    .join('');

describe('BiddingSlide', () => {
  it('starts at current bid + 10 with minus disabled, and steps by 10', () => {
    renderSlide();
    expect(screen.getByText('Connect with maya')).toBeTruthy();
    expect(digits()).toBe('00130');
    const minus = screen.getByRole('button', { name: 'Decrease bid by 10' });
    expect((minus as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase bid by 10' }));
    expect(digits()).toBe('00140');
    expect((minus as HTMLButtonElement).disabled).toBe(false);
  });

  it('raises an entry below the minimum to current + 10 on submit, and says so first', async () => {
    const { onSubmit } = renderSlide();
    const boxes = screen.getAllByRole('textbox');
    await userEvent.click(boxes[4]!);
    await userEvent.keyboard('5');
    expect(digits()).toBe('00135');
    await userEvent.click(boxes[3]!);
    await userEvent.keyboard('2');
    expect(digits()).toBe('00125');
    expect(screen.getByText('Bid 130 tokens, the lowest bid now')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(onSubmit).toHaveBeenCalledWith(130, false);
    expect(digits()).toBe('00130');
  });

  it('after being outbid at 90, typing 1, 2, 0 into the third box bids 120 (issue 46)', async () => {
    const { onSubmit } = renderSlide({ currentBid: 90 });
    expect(digits()).toBe('00100');
    await userEvent.click(screen.getAllByRole('textbox')[2]!);
    await userEvent.keyboard('120');
    expect(digits()).toBe('00120');
    expect(screen.getByText('Bid 120 tokens')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(onSubmit).toHaveBeenCalledWith(120, false);
  });

  it('typing 00100 from the first box bids 100, not 01050 (issue 46)', async () => {
    const { onSubmit } = renderSlide({ currentBid: 50 });
    expect(digits()).toBe('00060');
    await userEvent.click(screen.getAllByRole('textbox')[0]!);
    await userEvent.keyboard('00100');
    expect(digits()).toBe('00100');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(onSubmit).toHaveBeenCalledWith(100, false);
  });

  it('a pasted amount is the bid, and the boxes bring up the number pad', () => {
    renderSlide();
    const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(boxes.every((box) => box.inputMode === 'numeric')).toBe(true);
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '250' } });
    expect(digits()).toBe('00250');
    expect(screen.getByText('Bid 250 tokens')).toBeTruthy();
  });

  it('says the bid must be more than the current one while the entry is not', async () => {
    renderSlide();
    await userEvent.click(screen.getAllByRole('textbox')[2]!);
    await userEvent.keyboard('0');
    expect(digits()).toBe('00030');
    expect(screen.getByText('Bid more than 120 tokens')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit Bid' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('quick raises: +50 adds to the entry, "Lead by 10" goes back to the lowest leading bid', () => {
    renderSlide();
    fireEvent.click(screen.getByRole('button', { name: 'Raise the bid by 50' }));
    expect(digits()).toBe('00180');
    expect(screen.getByText('+50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Increase bid by 10' }));
    expect(digits()).toBe('00190');
    fireEvent.click(screen.getByRole('button', { name: 'Lead by 10' }));
    expect(digits()).toBe('00130');
  });

  it('the leader is offered no "Lead by 10"', () => {
    renderSlide({ isLeading: true });
    expect(screen.queryByRole('button', { name: 'Lead by 10' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Raise the bid by 50' })).toBeTruthy();
  });

  it('asks before a bid of more than half the balance; No places nothing', () => {
    const { onSubmit } = renderSlide({ balance: 200, currentBid: 90 });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(onSubmit).toHaveBeenCalledWith(100, false);
    fireEvent.click(screen.getByRole('button', { name: 'Raise the bid by 50' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('dialog', { name: 'Bid 150 tokens?' });
    expect(dialog.textContent).toContain(
      'It takes 150 of your 200 tokens for bids, more than half.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onSubmit).toHaveBeenLastCalledWith(150, false);
  });

  it('a leader is asked about what the raise costs, not the whole bid', () => {
    const { onSubmit } = renderSlide({ balance: 100, currentBid: 120, isLeading: true });
    fireEvent.click(screen.getByRole('button', { name: 'Raise the bid by 50' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Bid' }));
    // 180 over a held 120 takes 60 of 100: more than half.
    expect(screen.getByRole('dialog', { name: 'Bid 180 tokens?' }).textContent).toContain(
      'It takes 60 of your 100 tokens',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onSubmit).toHaveBeenCalledWith(180, false);
  });

  it('shows Update Bid to the leader and opens How It Works for visitors', () => {
    renderSlide({ isLeading: true });
    expect(screen.getByRole('button', { name: 'Update Bid' })).toBeTruthy();
  });

  it('sends visitors to the instructions', () => {
    const { onSignUp, onSubmit } = renderSlide({ isVisitor: true, isApproved: false });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up to Bid' }));
    expect(onSignUp).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disables submit while pending approval', () => {
    renderSlide({ isApproved: false });
    const submit = screen.getByRole('button', { name: 'Pending approval' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
  });

  it('shows the tokens available for bids, and says so when the entry is more', () => {
    renderSlide({ balance: 200, currentBid: 120 });
    expect(screen.getByText('200 tokens available')).toBeTruthy();
    const plus = screen.getByRole('button', { name: 'Increase bid by 10' });
    for (let i = 0; i < 8; i++) fireEvent.click(plus);
    expect(digits()).toBe('00210');
    expect(screen.getByText('You have 200 tokens for bids')).toBeTruthy();
  });

  it('a leader raising their own bid is short only by the difference', () => {
    renderSlide({ balance: 15, currentBid: 120, isLeading: true });
    expect(screen.getByText('15 tokens available')).toBeTruthy();
  });

  it('groups thousands in English as the rest of the app does', () => {
    renderSlide({ balance: 1200, currentBid: 1000 });
    expect(screen.getByText('1,200 tokens available')).toBeTruthy();
  });

  it('shows visitors no balance', () => {
    renderSlide({ balance: null, isVisitor: true });
    expect(screen.queryByText(/tokens available/)).toBeNull();
  });

  it("on the member's own card says only 'This is your auction.'", () => {
    renderSlide({ isOwn: true, username: 'alice' });
    expect(screen.getByText('This is your auction.')).toBeTruthy();
    expect(screen.getByText('Current bid').textContent).toBe('Current bid 120');
    expect(screen.queryByText(/Connect with/)).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/tokens available/)).toBeNull();
  });

  it("sets a maximum: the same boxes, 'Set Maximum', and the kind of bid sent along", () => {
    const { onSubmit } = renderSlide();
    fireEvent.click(screen.getByRole('button', { name: 'Set a maximum' }));
    expect(screen.getByText(MAXIMUM_BID_TEXT.hint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set Maximum' }));
    expect(onSubmit).toHaveBeenCalledWith(130, true);
    fireEvent.click(screen.getByRole('button', { name: 'Plain bid' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(onSubmit).toHaveBeenLastCalledWith(130, false);
  });

  it('shows the leader their own maximum, and a raise costs only the rest of it', () => {
    renderSlide({ isLeading: true, yourMaximum: 995, balance: 10 });
    expect(screen.getByText('Your maximum: 995 tokens (only you see it)')).toBeTruthy();
    expect(screen.getByText('10 tokens available')).toBeTruthy();
    // Raising it, the leader sees their maximum instead of the hint: the slide fits a phone.
    fireEvent.click(screen.getByRole('button', { name: 'Set a maximum' }));
    expect(screen.queryByText(MAXIMUM_BID_TEXT.hint)).toBeNull();
  });

  it('in French: jetons with their plural, the grouping Quebec writes, the maximum in French', async () => {
    await setLanguage('fr-CA');
    const { onSubmit } = renderSlide({ balance: 12500 });
    expect(screen.getByText('Se connecter avec maya')).toBeTruthy();
    // Quebec groups thousands with a non-breaking space (the matcher sees any space).
    expect(screen.getByText('12 500 jetons disponibles').textContent).toBe(
      '12\u00a0500 jetons disponibles',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fixer un maximum' }));
    expect(screen.getByText(/^Nous misons pour vous/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fixer le maximum' }));
    expect(onSubmit).toHaveBeenCalledWith(130, true);
  });

  it('in French: one jeton, and the leader reads their maximum', async () => {
    await setLanguage('fr-CA');
    renderSlide({ isLeading: true, yourMaximum: 995, balance: 1 });
    expect(screen.getByText('1 jeton disponible')).toBeTruthy();
    expect(screen.getByText('Votre maximum : 995 jetons (vous seul le voyez)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Modifier la mise' })).toBeTruthy();
  });
});
