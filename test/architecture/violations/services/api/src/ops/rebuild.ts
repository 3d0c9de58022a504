import { projections } from '../../../../projections/src/index';

export const rebuild = projections;
