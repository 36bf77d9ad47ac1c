import type { RunEnd } from "../evaluation/run-counts.ts";

/** Where progress goes: a terminal shows it, a pipe or a file gets none. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * One line on a terminal's stderr, rewritten as runs finish: runs done, passes so far (their share of
 * the runs judged), infrastructure failures, rate and ETA. Nothing at all when stderr is not a
 * terminal, so logs and pipes stay clean.
 */
export class Progress {
  readonly #started: number;
  #done = 0;
  #passed = 0;
  #infrastructure = 0;

  constructor(
    private readonly stream: ProgressStream,
    private readonly total: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#started = now();
  }

  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  done(end: RunEnd): void {
    this.#done += 1;
    if (end === "passed") this.#passed += 1;
    if (end === "infrastructure") this.#infrastructure += 1;
    if (this.enabled) this.stream.write(`\r${this.line()}\u001b[K`);
  }

  finish(): void {
    if (this.enabled && this.#done > 0) this.stream.write("\n");
  }

  line(): string {
    const seconds = Math.max(0.001, (this.now() - this.#started) / 1000);
    const rate = this.#done / seconds;
    const eta = rate > 0 ? Math.ceil((this.total - this.#done) / rate) : 0;
    const judged = this.#done - this.#infrastructure;
    const infrastructure = this.#infrastructure > 0 ? `, ${this.#infrastructure} infrastructure` : "";
    return `${this.#done}/${this.total} runs, ${this.#passed} passed (${judged === 0 ? 0 : Math.round((100 * this.#passed) / judged)}%)${infrastructure}, ${rate.toFixed(1)} runs/s, ETA ${eta} s`;
  }
}
