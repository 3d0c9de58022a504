import { app } from '../../api/src/app';
import { main } from '../../cli/src/main';

export const importCandidates = app + main;
