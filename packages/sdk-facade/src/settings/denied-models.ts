/**
 * What `matchDeniedModels()` found: for each model asked about, whether a `deniedModels` entry
 * matches it (same order), and warnings about entries it could not read.
 */
export type DeniedModelsMatch = {
  denied: boolean[];
  warnings: string[];
};
