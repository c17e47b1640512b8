/** What an operation's handler receives (typed from the operation table) and what it may use. */
import type { TppMessage } from "../../src/contract/common-objects";
import type { OperationId, operations } from "../../src/contract/operations";
import type { PaymentScenario } from "../../src/contract/scenarios";
import type { z } from "zod";
import type { Answer } from "../env/answer";
import type { SandboxEnv } from "../env/sandbox-env";

type Row<Id extends OperationId> = Extract<(typeof operations)[number], { id: Id }>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<Id extends OperationId> {
  env: SandboxEnv;
  /** Origin the request was addressed to: links and the bank page are served from it. */
  origin: string;
  /** The TPP that signed it (http/tpp-identity.ts): it owns what it creates, and sees only that (decision 0058). */
  tpp: string;
  params: Row<Id> extends { pathParams: infer P } ? Out<P> : Record<string, never>;
  headers: Out<Row<Id>["headers"]>;
  query: Row<Id> extends { query: infer Q } ? Out<Q> : undefined;
  body: Row<Id> extends { body: infer B } ? Out<B> : undefined;
  /** WARNING tppMessages the contract raised (deprecated fields); successful answers carry them. */
  warnings: TppMessage[];
  /** Published breaking changes the request activated with x-accept-fix. */
  fixes: ReadonlySet<string>;
  /** A later outcome a scenario forces (decision 0037-scenarios); only initiations are given one, and store it on the payment. */
  scenario?: PaymentScenario;
}

export type Handler<Id extends OperationId> = (context: HandlerContext<Id>) => Promise<Answer>;
export type Handlers = { [Id in OperationId]: Handler<Id> };
