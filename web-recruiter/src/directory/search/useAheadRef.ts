import { type RefObject, useRef } from 'react';

/**
 * A ref holding `value` as last rendered, which a change may move ahead of the next render. The
 * search state comes from the URL, and a navigation commits a moment after it is asked for: two
 * quick changes (a state, then a city; two Enters in a tag input) must build on each other, not
 * both on what the last render showed.
 */
export function useAheadRef<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  const rendered = useRef(value);
  if (rendered.current !== value) {
    rendered.current = value;
    latest.current = value;
  }
  return latest;
}
