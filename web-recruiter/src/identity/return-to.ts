import { isSameOriginPath } from '@healthtal/contracts';

/** Where the app goes after sign-in when it was given nowhere safe to go (spec: /directory). */
export const DEFAULT_RETURN_PATH = '/directory';

/** `return_to` (or any redirect target) when it is a same-origin path (contracts), else `fallback`. */
export const safeReturnPath = (candidate: unknown, fallback: string = DEFAULT_RETURN_PATH): string =>
  isSameOriginPath(candidate) ? candidate : fallback;
