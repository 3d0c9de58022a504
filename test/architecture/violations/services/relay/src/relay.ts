import { main } from '../../cli/src/main';

export const relay = main;
