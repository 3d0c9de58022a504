import { useCallback, useEffect, useRef, useState } from 'react';

type Actions = { onToggle: (id: string) => void; onOpen: (id: string) => void };

const MOVES: Record<string, 1 | -1> = { j: 1, k: -1, ArrowDown: 1, ArrowUp: -1 };

/** Keys typed into a field, or inside a dialog, menu or list box, are theirs, not the table's. */
function belongsElsewhere(target: HTMLElement): boolean {
  if (target.isContentEditable) return true;
  if (target.closest('input:not([type="checkbox"]), textarea, select, [role="combobox"]')) return true;
  return target.closest('[role="dialog"], [role="menu"], [role="listbox"], [role="presentation"]') !== null;
}

/**
 * The results table's keyboard (issue 17): j/k or ArrowDown/ArrowUp move a focus row (the row
 * itself takes focus, so a screen reader follows), x selects or deselects it, Enter opens its
 * profile. j and k work from anywhere on the page outside a field, so a recruiter who has just
 * typed a search and left the box goes straight to the rows; the arrows only inside the table,
 * where they do not steal the page's scrolling.
 */
export function useTableKeyboard(ids: readonly string[], { onToggle, onOpen }: Actions) {
  const [focused, setFocused] = useState(-1);
  const tableRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ ids, focused, onToggle, onOpen });
  latest.current = { ids, focused, onToggle, onOpen };

  // A new page of rows starts with none focused.
  const rowsKey = ids.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change
  useEffect(() => setFocused(-1), [rowsKey]);

  const focusRow = useCallback((index: number) => {
    setFocused(index);
    const row = tableRef.current?.querySelectorAll<HTMLElement>('tbody tr')[index];
    row?.focus({ preventScroll: true });
    row?.scrollIntoView({ block: 'nearest' });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement;
      if (belongsElsewhere(target)) return;
      const { ids, focused, onToggle, onOpen } = latest.current;
      const inTable = tableRef.current?.contains(target) ?? false;
      const move = MOVES[event.key];
      const arrow = event.key.startsWith('Arrow');
      if (move && ids.length > 0 && (!arrow || inTable || target === document.body)) {
        event.preventDefault();
        const from = focused < 0 ? (move === 1 ? -1 : ids.length) : focused;
        focusRow(Math.min(Math.max(from + move, 0), ids.length - 1));
        return;
      }
      const id = focused >= 0 ? ids[focused] : undefined;
      if (!id || !inTable) return;
      if (event.key === 'x') {
        event.preventDefault();
        onToggle(id);
      } else if (event.key === 'Enter' && target.tagName === 'TR') {
        event.preventDefault();
        onOpen(id);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [focusRow]);

  return { tableRef, focused, setFocused };
}
