import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../app/auth';
import {
  DEFAULT_RESULTS_VIEW,
  type ResultsViewPreferences,
  readResultsViewPreferences,
} from './results-table';

const storageKey = (userId: string | null) => `healthtal.results-view.${userId ?? 'signed-out'}`;

function read(userId: string | null): ResultsViewPreferences {
  try {
    return readResultsViewPreferences(window.localStorage.getItem(storageKey(userId)));
  } catch {
    return DEFAULT_RESULTS_VIEW; // storage blocked (private mode, policy): the defaults
  }
}

/**
 * The results view a user chose (cards or table, the table's columns and rows per page), kept on
 * this device per user, so two recruiters sharing a browser each keep theirs.
 */
export function useResultsView() {
  const auth = useAuth();
  const userId = auth.me?.user.id ?? null;
  const [preferences, setPreferences] = useState(() => read(userId));
  useEffect(() => setPreferences(read(userId)), [userId]);

  const change = useCallback(
    (patch: Partial<ResultsViewPreferences>) =>
      setPreferences((before) => {
        const next = { ...before, ...patch };
        try {
          window.localStorage.setItem(storageKey(userId), JSON.stringify(next));
        } catch {
          // Not kept on this device; the choice still holds for this visit.
        }
        return next;
      }),
    [userId],
  );
  return { ...preferences, change };
}
