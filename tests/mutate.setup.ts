import { beforeEach } from "vitest";

/*
 * Loaded by vitest.mutate.config.ts only (npm run mutate), never by npm test.
 *
 * A test that bounds real elapsed time guards performance, not behaviour. Under Stryker's instrumentation
 * (a counter on every branch, two runners on a shared machine) it measures that overhead and the machine's
 * load: it fails the initial run at random, and costs seconds for every mutant it covers. Such tests are
 * skipped in mutation runs; `npm test` still runs them. The price: a mutant that only makes the code slower
 * (a regex that backtracks on 256 KiB) is reported as survived, not killed.
 */
const WALL_CLOCK = /cannot stall|in microseconds of real time/;

beforeEach((context) => {
  let name = context.task.name;
  for (let suite = context.task.suite; suite; suite = suite.suite) name = `${suite.name} ${name}`;
  context.skip(WALL_CLOCK.test(name), "bounds real time: not measured under mutation");
});
