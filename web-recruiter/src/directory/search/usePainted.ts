import { useEffect, useState } from 'react';

/**
 * What the search screen holds back until its first paint (issue 17): the results below the fold
 * and the filter sidebar, whose chunk is fetched at once but rendered only after the first results
 * have been painted. They then arrive in an ordinary update, not a transition or a Suspense retry:
 * those yield to every keystroke, and a keyboard user tabbing through the page as it loaded kept
 * them from ever finishing.
 *
 * `painted` turns true after the screen's first paint (a frame callback runs just before a paint;
 * a task queued from it runs after); `module` is what `load` resolved to, once painted.
 */
export function usePainted<T>(load: () => Promise<T>): { painted: boolean; module: T | null } {
  const [painted, setPainted] = useState(false);
  const [module, setModule] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    const loading = load();
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        setPainted(true);
        void loading.then((loaded) => {
          if (live) setModule(() => loaded);
        });
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [load]);
  return { painted, module };
}
