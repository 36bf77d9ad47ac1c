/**
 * Where a refusal is, as a zod issue names its field: only what is known is set. `file` is the
 * file as the caller named it; `line` a line of a JSON Lines file (1-based); `run` a run's index
 * in a suite (0-based, as `run 3` names it); `path` a field, as the keys and indices leading to it;
 * `byte` a byte's offset in the file (0-based).
 */
export interface RefusalAt {
  file?: string;
  line?: number;
  byte?: number;
  run?: number;
  path?: readonly (string | number)[];
}

/**
 * Something refused: why, as a typed `code`; where, as `at`; and words a person reads, made from
 * the two by the one function of the module that refuses, so the same code always reads the same way.
 * Tests assert the code and the place, never the words.
 */
export interface Refusal<C extends string> {
  ok: false;
  code: C;
  at: RefusalAt;
  message: string;
}
