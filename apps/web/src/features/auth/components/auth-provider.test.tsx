import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { useAuth } from '../hooks/auth-context';

function SessionProbe() {
  const { state } = useAuth();
  return (
    <p data-testid="session">
      {state.status}
      {state.status === 'authenticated' ? `:${state.user.username}` : ''}
    </p>
  );
}

const session = () => screen.getByTestId('session').textContent;

describe('auth state machine', () => {
  it('is anonymous at once, without a server call, when no token is stored', () => {
    const api = mockFetch({});
    renderWithProviders(<SessionProbe />);
    expect(session()).toBe('anonymous');
    expect(api.calls).toHaveLength(0);
  });

  it('loads, then authenticates with a stored token via GET /api/auth/me', async () => {
    localStorage.setItem('authToken', 'tok-1');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockFetch({
      'GET /api/auth/me': async () => {
        await gate;
        return [200, { user: buildUser({ username: 'alice' }) }];
      },
    });
    renderWithProviders(<SessionProbe />);
    expect(session()).toBe('loading');
    release();
    await waitFor(() => expect(session()).toBe('authenticated:alice'));
    const call = api.callsTo('GET /api/auth/me')[0];
    expect(call?.headers.Authorization).toBe('Bearer tok-1');
    expect(localStorage.getItem('authToken')).toBe('tok-1');
  });

  it('removes the stored token and becomes anonymous when /me fails', async () => {
    localStorage.setItem('authToken', 'expired');
    mockFetch({ 'GET /api/auth/me': () => [401, { message: 'Not authenticated' }] });
    renderWithProviders(<SessionProbe />);
    expect(session()).toBe('loading');
    await waitFor(() => expect(session()).toBe('anonymous'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('throws a clear error when used outside the provider', () => {
    expect(() => render(<SessionProbe />)).toThrow('useAuth must be used inside <AuthProvider>');
  });
});
