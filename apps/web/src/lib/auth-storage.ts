// The two browser-stored auth items of accounts §3: the bearer token and a saved referrer.
const TOKEN_KEY = 'authToken';
const REFERRAL_KEY = 'referralUsername';

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
  /** Logout clears every auth item the app keeps in local storage. */
  clearAll: () => {
    write(TOKEN_KEY, null);
    write(REFERRAL_KEY, null);
  },
};
