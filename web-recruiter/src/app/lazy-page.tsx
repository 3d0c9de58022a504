import type { Capability } from '@healthtal/contracts';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { PageSpinner, RequireAuth } from './RequireAuth';

/**
 * A screen in its own chunk, loaded when first visited: the first visit to any page downloads the
 * shell and that page only (issue: initial JS for /search ≤ 250 KB gzipped). `name` is the module's
 * named export.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ReactNode {
  const Lazy = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  // Preloaded (preloadPage): rendered at once. React.lazy would suspend once even then, and React
  // holds back content that replaces a fallback it just showed (up to 300 ms: the first results
  // waited on an idle main thread for it, issue 17).
  function Page() {
    const Ready = preloaded.get(load);
    return Ready ? <Ready /> : <Lazy />;
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

type Loader = () => Promise<Record<string, ComponentType>>;
const preloaded = new WeakMap<Loader, ComponentType>();

/**
 * Loads a screen's chunk ahead of its first render (the same `load` the route passes to lazyPage),
 * so that render shows the screen rather than a spinner first.
 */
export async function preloadPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): Promise<void> {
  const module = await load();
  preloaded.set(load as Loader, module[name] as ComponentType);
}

/** The same, behind the route guard (sign-in, and a capability when given). */
export function guardedPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  capability?: Capability,
): ReactNode {
  return <RequireAuth capability={capability}>{lazyPage(load, name)}</RequireAuth>;
}
