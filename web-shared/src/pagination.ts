/**
 * Pagination as both web apps show it (recruiter-directory §9, the console's resume list): a 5-page
 * window plus first and last, with ellipses between.
 */
export const PAGINATION_WINDOW = 5;
export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

export function paginationItems(current: number, total: number, windowSize = PAGINATION_WINDOW): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(current, 1), total);
  if (total <= windowSize) return Array.from({ length: total }, (_, i) => i + 1);
  const start = Math.min(Math.max(page - Math.floor(windowSize / 2), 1), total - windowSize + 1);
  const end = start + windowSize - 1;
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('start-ellipsis');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < total - 1) items.push('end-ellipsis');
  if (end < total) items.push(total);
  return items;
}

/** Page changes stay within 1..total pages (spec §4); null when the move goes nowhere. */
export function pageWithin(target: number, total: number): number | null {
  if (!Number.isInteger(target) || target < 1 || target > Math.max(total, 1)) return null;
  return target;
}

/**
 * Go to page (issue 37): the page a typed number leads to, and what to say about it. A number past
 * the last page leads to the last, and says so; anything but a whole number from 1 on leads nowhere.
 */
export function pageOfTyped(typed: string, total: number): { page: number | null; message: string | null } {
  const last = Math.max(total, 1);
  const text = typed.trim();
  const number = /^\d+$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1)
    return { page: null, message: `Enter a page number from 1 to ${last.toLocaleString('en-US')}.` };
  if (number > last)
    return {
      page: last,
      message: `There ${last === 1 ? 'is 1 page' : `are ${last.toLocaleString('en-US')} pages`}: page ${number.toLocaleString('en-US')} is past the end, so this is the last page.`,
    };
  return { page: number, message: null };
}
