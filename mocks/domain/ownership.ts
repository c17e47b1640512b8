/**
 * Whose a payment or basket is (decision 0058): the TPP that created it, and only it, uses it through the interface;
 * another TPP is answered as for an id that does not exist. Records stored before the sandbox kept the owner have
 * none, and any TPP may use them, as every TPP could before.
 */
export const visibleTo = (tpp: string, record: { tpp?: string | undefined }): boolean => record.tpp === undefined || record.tpp === tpp;
