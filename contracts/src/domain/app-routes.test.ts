import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppRoute, pageTitle } from './app-routes';

describe('the recruiter app routes', () => {
  it.each(['/', '/search', '/search/', '/lists/42', '/physician/abc', '/physicians/abc', '/pricing'])(
    '%s is an app page',
    (path) => expect(isAppRoute(path)).toBe(true),
  );

  it.each(['/no-such-page', '/lists/42/extra', '/physician', '/search/more', '/admin-ish'])(
    '%s is not',
    (path) => expect(isAppRoute(path)).toBe(false),
  );

  it('titles each page with its name and the site name, the home page with the site title', () => {
    expect(pageTitle('/search', 'HealthTal | Home')).toBe('Search · HealthTal');
    expect(pageTitle('/pricing', 'HealthTal | Home')).toBe('Pricing · HealthTal');
    expect(pageTitle('/lists/7', 'HealthTal | Home')).toBe('List · HealthTal');
    expect(pageTitle('/', 'HealthTal | Home')).toBe('HealthTal | Home');
    expect(pageTitle('/nowhere', 'HealthTal | Home')).toBe('Page not found · HealthTal');
  });

  it('gives every page but home a title of its own', () => {
    const titled = Object.values(APP_ROUTES).filter((route) => route.title !== null);
    expect(titled).toHaveLength(Object.keys(APP_ROUTES).length - 1);
  });
});
