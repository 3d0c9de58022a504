import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Keeps `page` within 1..last (issue 17): a page past the last (an old link, `?page=999`) becomes
 * the last, and a page of 0, below or not a number becomes 1, with the URL corrected in place
 * (replace: Back does not return to the impossible page). `answer`: the search's answer for this
 * very request (not a previous one kept on screen). True while a page past the last is shown, so the
 * screen waits for the right page rather than saying that nothing matches.
 */
export function usePageClamp(
  page: number,
  answer: { totalPages: number; count: number } | undefined,
): boolean {
  const [params, setParams] = useSearchParams();
  const raw = params.get('page');
  const last = answer ? Math.max(answer.totalPages, 1) : null;
  const target = last !== null && page > last ? last : raw !== null && raw !== String(page) ? page : null;
  useEffect(() => {
    if (target === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (target > 1) next.set('page', String(target));
        else next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [target, setParams]);
  return last !== null && page > last;
}
