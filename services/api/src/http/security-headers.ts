import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The web apps' Content-Security-Policy. Every script is a first-party file (Vite bundles, no inline
 * script); MUI's emotion writes <style> elements at run time, so styles allow 'unsafe-inline' (a
 * style cannot run code). Nobody may frame the apps. See docs/adr/0021-http-hardening.md.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // On plain http (development) upgrading would send the app's own requests to a port with no TLS.
    'upgrade-insecure-requests': https ? [] : null,
  };
}

/**
 * Security headers on every answer (HTML, API, files): CSP, no framing, nosniff, no referrer, and
 * HSTS when the app is reached over https. Routes that send other content (the billing simulator's
 * page, uploaded site images) set their own, stricter CSP over this one.
 */
export function securityHeaders(publicUrl: string): RequestHandler {
  const https = publicUrl.startsWith('https://');
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    strictTransportSecurity: https ? { maxAge: 365 * 86_400, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Uploaded site images (logo, social images) are meant to be shown by other sites and mail.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}

/**
 * API answers are personal (contacts, tokens, lists) unless a route says otherwise: nothing in
 * between may keep them. Public, cacheable routes (specialties, site settings and images) set their
 * own Cache-Control.
 */
export const noStoreByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
