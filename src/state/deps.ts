import type { Clock } from "../runtime/clock.ts";
import type { Fixture } from "../schemas/fixture.ts";

/** What the store needs from the outside world, injected so tests can use the real slices. */
export interface StoreDeps {
  fixtures: readonly Fixture[];
  fixtureErrors: readonly string[];
  /** A clock for one run at the chosen speed: 0 = instant, 1 = real time. */
  clockFor(pace: number): Clock;
  sha256Hex(text: string): Promise<string>;
  nowIso(): string;
}
