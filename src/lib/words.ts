/** "1 transaction", "3 transactions": a count with its noun, singular for one. */
export const countOf = (n: number, noun: string, plural = `${noun}s`) => `${String(n)} ${n === 1 ? noun : plural}`;
