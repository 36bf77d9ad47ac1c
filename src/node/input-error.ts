/**
 * Input a Node entry point cannot use — a flag, a file, a folder — with a code for what was wrong. The
 * entry points exit 2 on it and print its words, never a stack.
 */
export class InputError extends Error {
  override readonly name: string = "InputError";
  constructor(
    message: string,
    readonly code: string = "usage",
  ) {
    super(message);
  }
}
