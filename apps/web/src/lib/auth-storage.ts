// The two browser-stored auth items of accounts §3: the bearer token and a saved referrer.
import { randomUuid } from './random-uuid';

const TOKEN_KEY = 'authToken';
const REFERRAL_KEY = 'referralUsername';
/** The browser's own random id; logout keeps it (it names the device, not the member). */
const DEVICE_KEY = 'deviceId';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives in memory only.
  }
}

export const authStorage = {
  getToken: () => read(TOKEN_KEY),
  setToken: (token: string) => write(TOKEN_KEY, token),
  clearToken: () => write(TOKEN_KEY, null),
  getReferral: () => read(REFERRAL_KEY),
  setReferral: (username: string) => write(REFERRAL_KEY, username),
  clearReferral: () => write(REFERRAL_KEY, null),
  /** Made on first use; without storage a fresh one per page load (no signal, no harm). */
  deviceId: () => {
    const known = read(DEVICE_KEY);
    if (known) return known;
    const made = randomUuid();
    write(DEVICE_KEY, made);
    return made;
  },
  /** Logout clears every auth item the app keeps in local storage. */
  clearAll: () => {
    write(TOKEN_KEY, null);
    write(REFERRAL_KEY, null);
  },
};
