import * as readModels from './read-models';
import { isProjection, type Projection } from './runtime';

export * from './read-models';
export * from './runtime';

/**
 * Every read model the product runs (`healthtal start` installs and tails each): the projections
 * `read-models.ts` exports, by name.
 */
export const projections: readonly Projection[] = Object.values(readModels)
  .filter(isProjection)
  .sort((a, b) => a.name.localeCompare(b.name));
