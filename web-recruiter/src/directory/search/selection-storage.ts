import { CandidateCard } from '@healthtal/contracts';
import { z } from 'zod';

/**
 * The search screen's selection as kept for the browser tab's session (issue 37: three selected,
 * open a profile, Back, and none were). sessionStorage, keyed per user: it lasts through reloads and
 * navigation in this tab, ends with the tab, and two recruiters sharing a browser keep their own.
 */
export type StoredSelection = {
  mode: 'none' | 'page' | 'all';
  ids: string[];
  /** The picked candidates' cards, for the Selected view (Select All's ids come without). */
  cards: CandidateCard[];
  /** The search the selection was made on: Select All ends with it (useSelection). */
  searchKey: string | null;
};

export const EMPTY_SELECTION: StoredSelection = { mode: 'none', ids: [], cards: [], searchKey: null };

// Built after contracts' index has set zod's browser configuration (see results-table.ts).
const Stored = z.object({
  mode: z.enum(['none', 'page', 'all']).catch('none'),
  ids: z.array(z.string()).catch([]),
  cards: z.array(z.unknown()).catch([]),
  searchKey: z.string().nullable().catch(null),
});

export const selectionStorageKey = (userId: string) => `healthtal.selection.${userId}`;

/**
 * The stored selection (JSON text or nothing). Storage is outside input (an older version, a hand
 * edit): what does not parse is dropped, a card at a time; never throws.
 */
export function readSelection(stored: string | null): StoredSelection {
  if (!stored) return EMPTY_SELECTION;
  try {
    const parsed = Stored.safeParse(JSON.parse(stored));
    if (!parsed.success) return EMPTY_SELECTION;
    const ids = [...new Set(parsed.data.ids)];
    const selected = new Set(ids);
    const cards = parsed.data.cards.flatMap((card) => {
      const one = CandidateCard.safeParse(card);
      return one.success && selected.has(one.data.id) ? [one.data] : [];
    });
    return { ...parsed.data, ids, cards };
  } catch {
    return EMPTY_SELECTION;
  }
}

/** The selection as stored: only the cards of candidates still selected. */
export function selectionText(selection: StoredSelection): string {
  const selected = new Set(selection.ids);
  return JSON.stringify({ ...selection, cards: selection.cards.filter((card) => selected.has(card.id)) });
}

/** The user's stored selection; the empty one when signed out or storage is blocked. */
export function loadSelection(userId: string | null): StoredSelection {
  if (userId === null) return EMPTY_SELECTION;
  try {
    return readSelection(window.sessionStorage.getItem(selectionStorageKey(userId)));
  } catch {
    return EMPTY_SELECTION;
  }
}

export function saveSelection(userId: string | null, selection: StoredSelection): void {
  if (userId === null) return;
  try {
    window.sessionStorage.setItem(selectionStorageKey(userId), selectionText(selection));
  } catch {
    // Storage blocked or full: the selection still holds on this page, as before.
  }
}
