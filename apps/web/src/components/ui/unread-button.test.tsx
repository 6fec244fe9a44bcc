import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { CopyText } from './copy-text';
import { UnreadButton } from './unread-button';

function renderButtons(alerts: number, messages: number) {
  const handlers = { onClick: () => undefined, icon: null, className: '' };
  return render(
    <>
      <UnreadButton kind="alerts" unread={alerts} {...handlers} />
      <UnreadButton kind="messages" unread={messages} {...handlers} />
    </>,
  );
}

describe('unread buttons', () => {
  it('name what is unread and how much, and hide at none', () => {
    renderButtons(1, 3);
    expect(screen.getByRole('button', { name: 'Alerts (1 unread)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Messages (3 unread)' })).toBeTruthy();
  });

  it('say it in Canadian French, with the plural', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      renderButtons(1, 3);
      expect(screen.getByRole('button', { name: 'Alertes (1 non lue)' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Messages (3 non lus)' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

describe('copy text in Canadian French', () => {
  it('names the copy and announces it in French', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(() => setLanguage('fr-CA'));
    try {
      render(<CopyText text="+1 555 010 0100" />);
      await userEvent.click(screen.getByRole('button', { name: 'Copier +1 555 010 0100' }));
      expect(writeText).toHaveBeenCalledWith('+1 555 010 0100');
      expect(await screen.findByText('Copié')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
