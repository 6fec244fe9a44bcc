import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown } from '@/lib/i18n';
import type { AppSocket } from '@/lib/socket';
import { secondsRemaining } from '../lib/countdown';
import { useCountdown } from './use-countdown';

vi.mock('@/lib/hard-navigate', () => ({ reloadPage: vi.fn(), hardNavigate: vi.fn() }));
const { reloadPage } = await import('@/lib/hard-navigate');

function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
  } as unknown as AppSocket;
  const emit = (event: string, payload: unknown) => act(() => handlers.get(event)?.(payload));
  return { socket, emit };
}

function Countdown({ endTime, socket }: { endTime: string | null; socket: AppSocket | null }) {
  const view = useCountdown(endTime, socket);
  return <p data-critical={view.critical}>{view.text}</p>;
}

const NOW = new Date('2026-11-19T20:00:00Z').getTime();

describe('countdown formatting', () => {
  it('formats HH:MM:SS, with days first when more than 24 hours remain', () => {
    expect(formatCountdown(3725)).toBe('01:02:05');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(86_400)).toBe('24:00:00');
    expect(formatCountdown(86_401)).toBe('1d 00:00:01');
    expect(formatCountdown(4 * 86_400 + 14 * 3600 + 33 * 60)).toBe('4d 14:33:00');
    expect(formatCountdown(6 * 86_400 + 5)).toBe('6d 00:00:05');
  });

  it('trusts a sync for 15 s, then the stored end time', () => {
    const sync = { secondsRemaining: 100, receivedAt: NOW };
    const end = new Date(NOW + 60_000).toISOString();
    expect(secondsRemaining(end, sync, NOW + 3000)).toBe(97);
    expect(secondsRemaining(end, sync, NOW + 15_000)).toBe(45);
    expect(secondsRemaining('not a date', null, NOW)).toBeNull();
  });
});

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.mocked(reloadPage).mockClear());

  it('follows the socket sync and falls back to the end time after 15 s without one', () => {
    const { socket, emit } = fakeSocket();
    render(<Countdown endTime={new Date(NOW + 3600_000).toISOString()} socket={socket} />);
    expect(screen.getByText('01:00:00')).toBeTruthy();
    emit('countdownSync', { secondsRemaining: 7200, timestamp: NOW, periodId: 1, endTime: '' });
    expect(screen.getByText('02:00:00')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('01:59:55')).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('00:59:45')).toBeTruthy();
  });

  it('turns critical at 10 s, shows Auction ended at zero and reloads 1.5 s later', () => {
    const { socket, emit } = fakeSocket();
    render(<Countdown endTime={new Date(NOW + 60_000).toISOString()} socket={socket} />);
    emit('countdownSync', { secondsRemaining: 11, timestamp: NOW, periodId: 1, endTime: '' });
    expect(screen.getByText('00:00:11').dataset.critical).toBe('false');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('00:00:10').dataset.critical).toBe('true');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Auction ended')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1400));
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows Invalid date for an unreadable end time', () => {
    render(<Countdown endTime="garbage" socket={null} />);
    expect(screen.getByText('Invalid date')).toBeTruthy();
  });
});
