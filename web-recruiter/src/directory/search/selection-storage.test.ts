import type { CandidateCard } from '@healthtal/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, readSelection, selectionText } from './selection-storage';

const card = (id: string): CandidateCard => ({
  id,
  firstName: 'Pat',
  lastName: 'Child',
  title: null,
  specialty: 'Pediatrics',
  organization: null,
  location: null,
  city: 'Austin',
  state: 'TX',
  skills: [],
  education: [],
  linkedinUrl: null,
  hasLinkedin: false,
  hasEmail: true,
  hasPhone: false,
  emailStatus: 'valid',
  emailVerifiedAt: null,
  phoneVerifiedAt: null,
  source: 'test',
});
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('the selection kept for the session', () => {
  it('reads back what was stored, with the cards of the candidates still selected only', () => {
    const text = selectionText({ mode: 'page', ids: [A], cards: [card(A), card(B)], searchKey: 'k' });
    expect(readSelection(text)).toEqual({ mode: 'page', ids: [A], cards: [card(A)], searchKey: 'k' });
  });

  it('drops what does not parse: nothing, bad JSON, a bad card, an unknown mode', () => {
    expect(readSelection(null)).toEqual(EMPTY_SELECTION);
    expect(readSelection('{not json')).toEqual(EMPTY_SELECTION);
    expect(readSelection('[1,2]')).toEqual(EMPTY_SELECTION);
    const stored = JSON.stringify({
      mode: 'every',
      ids: [A, B, A],
      cards: [{ id: B }, card(A)],
      searchKey: 3,
    });
    expect(readSelection(stored)).toEqual({ mode: 'none', ids: [A, B], cards: [card(A)], searchKey: null });
  });
});
