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
  const Page = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

/** The same, behind the route guard (sign-in, and a capability when given). */
export function guardedPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  capability?: Capability,
): ReactNode {
  return <RequireAuth capability={capability}>{lazyPage(load, name)}</RequireAuth>;
}
