/**
 * The directory import pipeline: candidates from a CSV export, the NPI registry (NPPES) or the
 * synthetic generator, appended as events through the store's createStreams, and CMS's Doctors and
 * Clinicians file joined to the registry's candidates, with the suppression list honoured and each
 * source's progress kept so that a re-run resumes. The `healthtal import` and `seed` commands and
 * the background seed of `start` (services/cli) are its only callers.
 */
export { candidateIdFor } from './candidate-ids';
export { type CandidateRow, completeImportRun } from './candidate-row';
export { csvSource } from './csv-source';
export { loadHospitalNames } from './dac/dac-affiliations';
export { type DacImportOptions, type DacSummary, importDac } from './dac/dac-import';
export { DAC_NEWER_COLUMNS } from './dac/dac-record';
export { dacAffiliationFile, dacFileDate, dacMainFile } from './dac/dac-source';
export {
  type CandidateSource,
  type ImportSummary,
  importCandidates,
  type RejectedRow,
  syntheticSource,
} from './import';
export { anyImportRan, importMigrations, readImportProgress } from './import-progress';
export { loadEndpoints } from './nppes/endpoints';
export { npiCandidateId } from './nppes/npi-ids';
export { importNppes, type NppesImportOptions, type NppesSummary } from './nppes/nppes-import';
export { NppesFileDateMissing, NppesFileUnreadable, nppesFile } from './nppes/nppes-source';
export { loadTaxonomy } from './nppes/taxonomy';
export { describeTick, formatDuration, type ImportTick, ProgressBar } from './progress-bar';
export { mulberry32 } from './random';
export { DEFAULT_SEED, syntheticCandidate } from './synthetic';
