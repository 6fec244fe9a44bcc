import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeStatus } from '@/lib/socket';
import { RealtimeSession } from './realtime-session';

const realtime = vi.hoisted(() => ({
  status: 'connecting' as RealtimeStatus,
  listeners: new Set<() => void>(),
  chunkFails: true,
}));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  openRealtime: () => undefined,
  closeRealtime: () => undefined,
  getRealtimeStatus: () => realtime.status,
  subscribeRealtimeStatus: (listener: () => void) => {
    realtime.listeners.add(listener);
    return () => realtime.listeners.delete(listener);
  },
}));
vi.mock('@/lib/chunk-guard', async (original) => ({
  ...(await original<typeof import('@/lib/chunk-guard')>()),
  loadChunk: async <T,>(load: () => Promise<T>) => {
    if (realtime.chunkFails) throw new Error('Failed to fetch dynamically imported module');
    return load();
  },
}));
vi.mock('@/features/auth', () => ({
  useAuth: () => ({
    state: { status: 'authenticated', token: 't', user: { id: 'u1' } },
    revalidate: () => undefined,
  }),
}));

function setStatus(next: RealtimeStatus) {
  realtime.status = next;
  for (const listener of realtime.listeners) listener();
}

class Caught extends Component<{ children: ReactNode }, { error: boolean }> {
  override state = { error: false };
  static getDerivedStateFromError() {
    return { error: true };
  }
  override render() {
    return this.state.error ? <p>page replaced</p> : this.props.children;
  }
}

afterEach(() => {
  realtime.status = 'connecting';
  realtime.chunkFails = true;
});

describe('the realtime session', () => {
  it('losing the network before the dialogs arrived leaves the page as it is, and they come with the connection', async () => {
    render(
      <Caught>
        <RealtimeSession />
        <p>the page</p>
      </Caught>,
    );
    await act(async () => setStatus('connected'));
    await act(async () => setStatus('reconnect-failed'));
    expect(screen.queryByText('page replaced')).toBeNull();
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    realtime.chunkFails = false;
    await act(async () => setStatus('connected'));
    await act(async () => setStatus('reconnect-failed'));
    expect(await screen.findByRole('dialog', { name: 'Connection to server failed' })).toBeTruthy();
  });
});
