import { parseInjectionSet } from "../../fixture-set/injections.ts";
import { composeMatrixSteps, toEnd, type MatrixCompose } from "../../fixture-set/matrix/compose.ts";
import { parseTaskSet } from "../../fixture-set/tasks.ts";
import type { Fixture } from "../../schemas/fixture.ts";

export type { Matrix, MatrixCell, MatrixCompose, SkippedPair } from "../../fixture-set/matrix/compose.ts";

/** One data file as the reader takes it: its path for messages, its bytes. */
export interface DataFile {
  file: string;
  bytes: Uint8Array;
}

/**
 * The attack matrix from the task and injection files and the fixtures they name: the same readers
 * and composer as `npm run matrix`, so a bad file is refused in the same words (file, then field).
 * Never throws: anything unforeseen is reported as an error too.
 */
export const composeMatrixFiles = (fixtures: readonly Fixture[], taskFiles: readonly DataFile[], injectionFiles: readonly DataFile[]): MatrixCompose => toEnd(composeMatrixFilesSteps(fixtures, taskFiles, injectionFiles));

/** composeMatrixFiles a generated fixture at a time (composeMatrixSteps). */
export function* composeMatrixFilesSteps(fixtures: readonly Fixture[], taskFiles: readonly DataFile[], injectionFiles: readonly DataFile[]): Generator<void, MatrixCompose> {
  try {
    const tasks = parseTaskSet(taskFiles);
    const injections = parseInjectionSet(injectionFiles);
    if (!tasks.ok || !injections.ok) return { ok: false, errors: [...(tasks.ok ? [] : tasks.errors), ...(injections.ok ? [] : injections.errors)] };
    if (tasks.tasks.length === 0) return { ok: false, errors: ["fixtures/tasks: no task files (*.json)"] };
    return yield* composeMatrixSteps(tasks.tasks, fixtures, injections.injections);
  } catch (error) {
    return { ok: false, errors: [`the attack matrix could not be composed: ${error instanceof Error ? error.message : String(error)}`] };
  }
}
