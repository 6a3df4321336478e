// Running one operation for a request, the same way whichever transport received it:
// who may call it, the input parsed (422 naming the fields), the service called, and
// outside production the answer checked against the operation's output schema.
import { z } from "zod";
import type { Services } from "@clubcast/domain/services.ts";
import type { NamedOperation } from "@clubcast/domain/core/operation.ts";
import { requireCaller, type ResolvedRequest } from "./request.ts";
import { parseInput } from "./validation.ts";

/** An answer outside its declared shape is the server's fault: a 500, and the log says where. */
export class AnswerShapeError extends Error {
  constructor(named: NamedOperation, error: z.ZodError) {
    super(`${named.domain}.${named.name} answered outside its output schema:\n${z.prettifyError(error)}`);
  }
}

/**
 * Runs `named` for the request `resolved` on whichever transport received it: who may call it, then
 * its service called with the parsed input (a 422 naming the fields) and, with `checkAnswers` on
 * (AppConfig), the answer checked against its output schema.
 */
export async function invokeOperation(
  named: NamedOperation,
  services: Services,
  resolved: ResolvedRequest,
  rawInput: unknown,
): Promise<unknown> {
  const { operation } = named;
  const caller = requireCaller(resolved, operation.auth);
  const input = parseInput(operation.input, rawInput ?? {});
  const answer = await operation.run(services[named.domain as keyof Services], input, caller);
  if (services.deps.config.checkAnswers) {
    const checked = operation.output.safeParse(answer);
    if (!checked.success) throw new AnswerShapeError(named, checked.error);
  }
  return answer;
}
