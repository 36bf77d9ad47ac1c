import type { RefusalAt } from "../files/refusal.ts";

/**
 * Input a Node entry point cannot use — a flag, a file, a folder — with a code for what was wrong and,
 * when known, where (`at`: the file, its line, run or field). The entry points exit 2 on it and print
 * its code and words, never a stack.
 */
export class InputError extends Error {
  override readonly name: string = "InputError";
  constructor(
    message: string,
    readonly code: string = "usage",
    readonly at: RefusalAt = {},
  ) {
    super(message);
  }
}
