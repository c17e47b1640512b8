/** Placeholder: replaced in the next commit by the facts the checks read. */
import type { TrafficRecord } from "../../../src/contract/traffic";

export interface RequestFacts {
  id: string;
  at: number;
}

export const factsOf = (record: TrafficRecord): RequestFacts => ({ id: record.id, at: Date.parse(record.at) });
