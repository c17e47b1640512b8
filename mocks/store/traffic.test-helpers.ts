/** Test-only: a traffic record made as an object, as a store is handed it (the edge writes entries straight: decision 0064). */
import type { TrafficRecord } from "../../src/contract/traffic";
import { CERTIFICATE_HEADER, type TrafficEntry, type TrafficRow } from "./traffic-rows";

/** The entry of a record held as an object. */
export function trafficEntry(record: TrafficRecord): TrafficEntry {
  const text = record.request.headers[CERTIFICATE_HEADER];
  if (text === undefined || text === "") return { row: trafficRow(record) };
  const row = trafficRow({ ...record, request: { ...record.request, headers: { ...record.request.headers, [CERTIFICATE_HEADER]: "" } } });
  const blank = `${JSON.stringify(CERTIFICATE_HEADER)}:""`;
  const at = row.data.indexOf(blank, row.data.indexOf(`"request":{"headers":{`)) + blank.length - 2;
  return { row, certificate: { text, at } };
}

/** The row of a record held as an object, its certificate header in it. */
export function trafficRow(record: TrafficRecord): TrafficRow {
  const data = JSON.stringify(record);
  return {
    id: record.id,
    at: Date.parse(record.at),
    status: record.status,
    operation: record.operation,
    tpp: record.tpp?.certificateSha256 ?? null,
    bytes: data.length,
    data,
  };
}
