import { describe, expect, it } from 'vitest';
import { isSameOriginPath } from './return-to';

describe('a redirect target of this site (return_to)', () => {
  it.each([
    '/lists',
    '/search?specialty=Cardiology&page=2',
    '/physician/8d0f3c1e-2b9a-4c5e-9f1a-0b2c3d4e5f60',
    '/lists#top',
    '/search?q=caf%C3%A9',
  ])('is a path of this site: %s', (path) => {
    expect(isSameOriginPath(path)).toBe(true);
  });

  it.each([
    ['an encoded backslash', '/%5Cevil.example'],
    ['a backslash', '/\\evil.example'],
    ['a protocol-relative URL', '//evil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a relative path', 'lists'],
    ['broken percent-encoding', '/%E0%A4%A'],
    ['nothing', ''],
    ['a non-string', { path: '/lists' }],
    ['a very long path', `/${'a'.repeat(5000)}`],
  ])('is not, being %s', (_what, path) => {
    expect(isSameOriginPath(path)).toBe(false);
  });
});
