/** A control route's 200 answer, its body checked by the compiler against the route's response schema. */
import type { ControlAnswer, ControlRouteId } from "../../src/contract/control";
import { answer, type Answer } from "../env/answer";

export const answerWith = <Id extends ControlRouteId>(_route: Id, body: ControlAnswer<Id>): Answer => answer(200, body);
