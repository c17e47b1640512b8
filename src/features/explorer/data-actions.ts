/** The Data view's actions on the whole sandbox: fill, empty, save to a file, load from one. */
import { operationById } from "../../contract/operations";
import { InitializeResponse } from "../../contract/sandbox";
import { messageLine, tppMessagesOf } from "../../lib/tpp-messages";
import { sandboxControl, sendRequest } from "../../lib/send";
import { countOf } from "../../lib/words";

export interface DataOutcome {
  ok: boolean;
  text: string;
  /** The history entry of a signed request, when the action sent one. */
  exchangeId?: string;
}

const tppText = (body: string) => tppMessagesOf(body).map(messageLine).join(" ");

function countsOf(body: string) {
  try {
    return InitializeResponse.safeParse(JSON.parse(body)).data;
  } catch {
    return undefined;
  }
}

/** The signed initializeSandbox operation, so it shows in the history like a TPP's call. */
export async function initializeSandbox(): Promise<DataOutcome> {
  const exchange = await sendRequest({
    operation: operationById("initializeSandbox"),
    params: {},
    query: {},
    headers: { "X-Request-ID": crypto.randomUUID() },
  });
  const response = exchange.response;
  if (!response) return { ok: false, text: exchange.error ?? "No answer.", exchangeId: exchange.id };
  if (response.status !== 200)
    return {
      ok: false,
      text: `Initialize was refused (${String(response.status)}): ${tppText(response.body) || response.statusText}`,
      exchangeId: exchange.id,
    };
  const counts = countsOf(response.body);
  if (!counts) return { ok: false, text: "Initialize answered 200, but not with the counts of customers, accounts and transactions.", exchangeId: exchange.id };
  return {
    ok: true,
    text: `Initialized with the fixed data: ${countOf(counts.customers, "customer")}, ${countOf(counts.accounts, "account")}, ${countOf(counts.transactions, "transaction")}.`,
    exchangeId: exchange.id,
  };
}

export async function resetSandbox(): Promise<DataOutcome> {
  await sandboxControl("resetSandbox");
  return { ok: true, text: "The sandbox is empty: no customers, accounts, payments or transactions. The clock follows real time again." };
}

export async function exportSandbox(): Promise<string> {
  return JSON.stringify(await sandboxControl("exportSandbox"), null, 2);
}

/** Imports a file's text; a file that is not JSON never reaches the sandbox, and nothing changes. */
export async function importSandbox(name: string, text: string): Promise<DataOutcome> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, text: `${name} is not JSON (${error instanceof Error ? error.message : String(error)}). Nothing was imported and nothing changed.` };
  }
  try {
    await sandboxControl("importSandbox", { body: data, inPage: true });
  } catch (error) {
    return { ok: false, text: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, text: `Imported ${name}: the sandbox now holds what the file holds, its clock included.` };
}
