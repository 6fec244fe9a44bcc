// The two browser-stored auth items of accounts §3: the bearer token and a saved referrer.
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

/** A v4 UUID; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
