/**
 * Redirect targets (`return_to` of sign-in, checkout's return paths): the API checks them with the
 * same rule the recruiter app follows (its safeReturnPath, web-recruiter/src/identity/return-to.ts).
 */
const MAX_RETURN_PATH = 2048;
/** Whitespace and control characters: browsers drop tabs and newlines, so `/\t/evil` is `//evil`. */
const hasUnsafeCharacter = (path: string) =>
  /[\s\\]/.test(path) || [...path].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * A path of this site, and nothing a browser would read as another origin: it starts with one `/`
 * (not `//`, not `/\`), has no backslash, whitespace or control character, and stays so once
 * percent-decoded (`/%5Cevil.example`, `/%2F%2Fevil.example`). A scheme (`javascript:`, `https:`)
 * cannot start a string that starts with `/`.
 */
export function isSameOriginPath(candidate: unknown): candidate is string {
  if (typeof candidate !== 'string' || candidate.length > MAX_RETURN_PATH) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(candidate);
  } catch {
    return false;
  }
  return [candidate, decoded].every(
    (path) => path.startsWith('/') && !path.startsWith('//') && !hasUnsafeCharacter(path),
  );
}
