/**
 * What an import's checks report (import-validation.ts and the checks it runs): where in the file, such
 * as `stores.payments[3].debtorAccountId`, and what is wrong there.
 */
export interface IntegrityProblem {
  where: string;
  problem: string;
}
