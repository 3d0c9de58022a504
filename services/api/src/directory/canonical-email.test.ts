import { describe, expect, it } from 'vitest';
import { canonicalEmail, legacyEmailSpellings } from './canonical-email';

describe('an address as its mailbox', () => {
  it.each([
    ['Dana.Whitfield@Mail.Example', 'dana.whitfield@mail.example'],
    ['  dana+hr@mail.example ', 'dana@mail.example'],
    ['dana+hr+2023@outlook.com', 'dana@outlook.com'],
    ['Dana.Whitfield+hr@gmail.com', 'danawhitfield@gmail.com'],
    ['d.a.n.a@googlemail.com', 'dana@gmail.com'],
    // Dots matter everywhere else, Google Workspace domains included.
    ['dana.whitfield@outlook.com', 'dana.whitfield@outlook.com'],
    ['dana.whitfield@mercy.org', 'dana.whitfield@mercy.org'],
    // Nothing but a tag, or nothing but dots, is kept rather than emptied.
    ['+news@mail.example', '+news@mail.example'],
    ['...@gmail.com', '...@gmail.com'],
    // The last @ splits: a quoted local part may hold one.
    ['"a@b"+x@mail.example', '"a@b"@mail.example'],
    ['not an address', 'not an address'],
  ])('%s is %s', (email, canonical) => expect(canonicalEmail(email)).toBe(canonical));

  it('has nothing for no address', () => {
    expect(canonicalEmail(null)).toBeNull();
    expect(canonicalEmail('   ')).toBeNull();
  });

  it('knows the spellings earlier versions hashed, as far as they follow from the address', () => {
    expect(legacyEmailSpellings(' Dana.W+hr@GoogleMail.com')).toEqual([
      'dana.w+hr@gmail.com',
      'dana.w+hr@googlemail.com',
      'dana.w@gmail.com',
      'dana.w@googlemail.com',
    ]);
    expect(legacyEmailSpellings('dana@mail.example')).toEqual(['dana@mail.example']);
    expect(legacyEmailSpellings('')).toEqual([]);
  });
});
