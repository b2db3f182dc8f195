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
