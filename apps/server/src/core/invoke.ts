// Running one operation for a caller, the same way whichever transport received it:
// the input parsed (422 naming the fields), the service called, and outside
// production the answer checked against the operation's output schema.
import { z } from "zod";
import type { RequestContext } from "./context.ts";
import type { NamedOperation } from "./operation.ts";
import { parseInput } from "./validation.ts";

/** An answer outside its declared shape is the server's fault: a 500, and the log says where. */
export class AnswerShapeError extends Error {
  constructor(named: NamedOperation, error: z.ZodError) {
    super(`${named.domain}.${named.name} answered outside its output schema:\n${z.prettifyError(error)}`);
  }
}

export interface InvokeOptions {
  /** Check every answer against the output schema (tests and development; see AppConfig.checkAnswers). */
  checkAnswers: boolean;
}

export async function invokeOperation(
  named: NamedOperation,
  service: unknown,
  rawInput: unknown,
  caller: RequestContext,
  { checkAnswers }: InvokeOptions,
): Promise<unknown> {
  const { operation } = named;
  const input = parseInput(operation.input, rawInput ?? {});
  const answer = await operation.run(service, input, caller);
  if (checkAnswers) {
    const checked = operation.output.safeParse(answer);
    if (!checked.success) throw new AnswerShapeError(named, checked.error);
  }
  return answer;
}
