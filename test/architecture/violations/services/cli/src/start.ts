import { bench } from '../../../bench/import.bench';

export const start = bench;
