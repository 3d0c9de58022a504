/**
 * A LinkedIn profile address: https, host linkedin.com or one of its subdomains (www., ca., …),
 * path /in/<name> or /pub/<name>, no user name, password or port. The recruiter app renders its
 * "LinkedIn" button only for these, and every form that takes a LinkedIn URL accepts only these.
 */
export function isLinkedinProfileUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    (host === 'linkedin.com' || host.endsWith('.linkedin.com')) &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    /^\/(in|pub)\/[^/]+/.test(url.pathname)
  );
}
