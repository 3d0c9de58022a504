import { importCandidates } from '../../../directory-import/src/index';

export const directoryImport = importCandidates;
