/** What a control route's handler is given, and the map of them: typed from the control table (src/contract/control.ts). */
import type { ControlRouteId, ControlRow } from "../../src/contract/control";
import type { z } from "zod";
import type { Answer } from "../env/answer";
import type { SandboxEnv } from "../env/sandbox-env";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a control route's handler is given: the parameters, query and body its row describes, validated. */
export interface ControlContext<Id extends ControlRouteId> {
  env: SandboxEnv;
  url: URL;
  params: Out<ControlRow<Id> extends { pathParams: infer P } ? P : undefined>;
  query: Out<ControlRow<Id> extends { query: infer Q } ? Q : undefined>;
  /** A whole sandbox is passed on as read: the store checks it, version by version. */
  body: ControlRow<Id> extends { wholeSandbox: true } ? unknown : Out<ControlRow<Id> extends { body: infer B } ? B : undefined>;
}
export type ControlHandler<Id extends ControlRouteId> = (context: ControlContext<Id>) => Promise<Answer>;
export type ControlHandlers = { [Id in ControlRouteId]: ControlHandler<Id> };
