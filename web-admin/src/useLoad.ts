import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { data: T | undefined; error: Error | undefined; loading: boolean; reload(): void };

/**
 * Loads what a screen needs beside its react-admin list (stat cards, counts, the dashboard) and
 * loads it again when `key` changes or `reload` is called.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` depends on
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: Error) => current && setState({ error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
