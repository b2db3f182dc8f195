/**
 * The two local-storage flags of spec 1 §3–§4. `persist` is "Trust This Device"; `hasRefreshToken` says a refresh
 * cookie was issued to this browser. Both are stored as the strings "true"/"false".
 */
const PERSIST = 'persist';
const HAS_REFRESH_TOKEN = 'hasRefreshToken';

const read = (key: string): boolean => {
  try {
    return window.localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
};

const write = (key: string, value: boolean): void => {
  try {
    window.localStorage.setItem(key, String(value));
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory session still works for this tab.
  }
};

export const readPersist = (): boolean => read(PERSIST);
export const writePersist = (value: boolean): void => write(PERSIST, value);
export const readHasRefreshToken = (): boolean => read(HAS_REFRESH_TOKEN);
export const writeHasRefreshToken = (value: boolean): void => write(HAS_REFRESH_TOKEN, value);

/**
 * Issue 32: whether this tab signed in (or refreshed) during the current browser session. sessionStorage outlives
 * a reload but not the tab or the browser, just as the refresh cookie of a sign-in without "Trust This Device"
 * outlives a reload but not the browser. Start-up reads it to tell a reload from a new browser session.
 */
const SIGNED_IN_THIS_TAB = 'signedInThisTab';

export const readSignedInThisTab = (): boolean => {
  try {
    return window.sessionStorage.getItem(SIGNED_IN_THIS_TAB) === 'true';
  } catch {
    return false;
  }
};

export const writeSignedInThisTab = (value: boolean): void => {
  try {
    if (value) window.sessionStorage.setItem(SIGNED_IN_THIS_TAB, 'true');
    else window.sessionStorage.removeItem(SIGNED_IN_THIS_TAB);
  } catch {
    // Without storage a reload of an untrusted sign-in signs out, as spec 1 §4 has it.
  }
};
