import type { User } from '@bidboard/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { watchInstallability } from '@/lib/install-app';
import { buildUser } from '@/test/factories';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { NotificationSettingsOverlay } from './notification-settings-overlay';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

type Handler = (call: RecordedCall) => [number, unknown];

function render(user: User | null, handlers: Record<string, Handler> = {}) {
  if (user) localStorage.setItem('authToken', 'tok');
  const api = mockFetch({ 'GET /api/auth/me': () => [200, { user }], ...handlers });
  renderWithProviders(
    <MemoryRouter>
      <NotificationSettingsOverlay open onOpenChange={() => undefined} />
    </MemoryRouter>,
  );
  return api;
}

const subscription = {
  endpoint: 'https://push.example/device-1',
  toJSON: () => ({
    endpoint: 'https://push.example/device-1',
    expirationTime: null,
    keys: { p256dh: 'BPk', auth: 'au' },
  }),
  unsubscribe: vi.fn(async () => true),
};

/** A browser with Web Push: permission answers `permission`; register may fail. */
function stubPushBrowser(permission: NotificationPermission, registerFails = false) {
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn(async () => subscription),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: vi.fn(async () => permission),
  });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => {
        if (registerFails) throw new Error('blocked');
        return registration;
      }),
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
    },
  });
  return pushManager;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const browserSwitch = () => screen.findByRole('switch', { name: 'Browser notifications' });

describe('Notification Settings: installing the app', () => {
  it("offers 'Install the app' where the browser offers an install, and shows its prompt", async () => {
    const target = new EventTarget() as unknown as Window;
    watchInstallability(target);
    render(buildUser());
    await screen.findByRole('switch', { name: /Browser notifications/ });
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();

    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull(),
    );
  });

  it('tells an iPhone to add the app to the Home Screen before turning notifications on', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    );
    render(buildUser());
    expect(await screen.findByText(/tap Share, then\s+Add to Home Screen/)).toBeTruthy();
    vi.restoreAllMocks();
  });
});

describe('Notification Settings', () => {
  it('shows visitors the switches disabled and a sign-in prompt', async () => {
    render(null);
    expect((await browserSwitch()).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('switch', { name: 'SMS notifications' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: 'Join / Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it('says so when the browser has no Web Push', async () => {
    render(buildUser());
    await waitFor(async () => expect((await browserSwitch()).hasAttribute('disabled')).toBe(false));
    await userEvent.click(await browserSwitch());
    expect(
      await screen.findByText('Browser notifications are not supported on your device.'),
    ).toBeTruthy();
  });

  it('says so when the permission is refused', async () => {
    stubPushBrowser('denied');
    render(buildUser());
    await waitFor(async () => expect((await browserSwitch()).hasAttribute('disabled')).toBe(false));
    await userEvent.click(await browserSwitch());
    expect(await screen.findByText('Permission denied for browser notifications.')).toBeTruthy();
    expect((await browserSwitch()).getAttribute('aria-checked')).toBe('false');
  });

  it('says so when the service worker or subscription fails', async () => {
    stubPushBrowser('granted', true);
    render(buildUser());
    await waitFor(async () => expect((await browserSwitch()).hasAttribute('disabled')).toBe(false));
    await userEvent.click(await browserSwitch());
    expect(await screen.findByText('Failed to enable browser notifications.')).toBeTruthy();
  });

  it('subscribes with the VAPID key, then offers a test notification', async () => {
    const pushManager = stubPushBrowser('granted');
    const api = render(buildUser(), {
      'GET /api/notifications/vapid-public-key': () => [200, { publicKey: 'AQAB' }],
      'POST /api/notifications/subscribe': () => [200, { success: true }],
      'POST /api/notifications/test': () => [200, { success: true, sent: 1 }],
    });
    await waitFor(async () => expect((await browserSwitch()).hasAttribute('disabled')).toBe(false));
    await userEvent.click(await browserSwitch());
    await waitFor(async () =>
      expect((await browserSwitch()).getAttribute('aria-checked')).toBe('true'),
    );
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 0, 1]),
    });
    expect(api.callsTo('POST /api/notifications/subscribe')[0]?.body).toEqual(
      subscription.toJSON(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send test notification' }));
    expect(await screen.findByText('Test notification sent.')).toBeTruthy();
  });

  it('saves the SMS switch with its consent text and flips back on failure', async () => {
    const api = render(buildUser({ sms_notification: false }), {
      'POST /api/auth/update-profile': () => [500, {}],
    });
    expect(
      await screen.findByText('I agree to account-notification texts. Msg & data rates may apply.'),
    ).toBeTruthy();
    const sms = screen.getByRole('switch', { name: 'SMS notifications' });
    await waitFor(() => expect(sms.hasAttribute('disabled')).toBe(false));
    await userEvent.click(sms);
    expect(await screen.findByText('Failed to update SMS notifications.')).toBeTruthy();
    expect(sms.getAttribute('aria-checked')).toBe('false');
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      sms_notification: true,
    });
  });

  it('saves the bid notification switch, shows Saved, and flips back on failure', async () => {
    let fail = false;
    const api = render(buildUser({ bid_notification: true }), {
      'POST /api/auth/update-profile': (call) =>
        fail
          ? [500, {}]
          : [200, { user: buildUser({ ...(call.body as object), bid_notification: false }) }],
    });
    const bids = await screen.findByRole('switch', { name: 'Bid notifications' });
    await waitFor(() => expect(bids.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(bids.hasAttribute('disabled')).toBe(false));
    await userEvent.click(bids);
    await waitFor(() => expect(bids.getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/update-profile')[0]?.body).toEqual({
      bid_notification: false,
    });

    fail = true;
    await userEvent.click(bids);
    expect(await screen.findByText('Failed to update notifications')).toBeTruthy();
    expect(bids.getAttribute('aria-checked')).toBe('false');
  });
});

describe('Notification Settings in Canadian French', () => {
  it('names the overlay, the switches and their texts in French, and the test notification', async () => {
    await act(() => setLanguage('fr-CA'));
    try {
      stubPushBrowser('granted');
      render(buildUser({ twilio_stop: true }), {
        'GET /api/notifications/vapid-public-key': () => [200, { publicKey: 'AQAB' }],
        'POST /api/notifications/subscribe': () => [200, { success: true }],
        'POST /api/notifications/test': () => [200, { success: true, sent: 1 }],
      });
      expect(
        await screen.findByRole('dialog', { name: 'Paramètres des notifications' }),
      ).toBeTruthy();
      const browser = () => screen.findByRole('switch', { name: 'Notifications du navigateur' });
      expect(screen.getByRole('switch', { name: 'Notifications par texto' })).toBeTruthy();
      expect(screen.getByRole('switch', { name: 'Notifications de mises' })).toBeTruthy();
      expect(
        await screen.findByText(/J’accepte de recevoir des textos sur mon compte\./),
      ).toBeTruthy();
      expect(screen.getByText(/Vous avez répondu STOP à nos textos\./)).toBeTruthy();
      await waitFor(async () => expect((await browser()).hasAttribute('disabled')).toBe(false));
      await userEvent.click(await browser());
      await userEvent.click(
        await screen.findByRole('button', { name: 'Envoyer une notification d’essai' }),
      );
      expect(await screen.findByText('Notification d’essai envoyée.')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
