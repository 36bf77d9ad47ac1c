import { z } from "zod";

// The simulated model's fault names, apart from the simulator itself: the workbench lists them at
// start-up, while the simulator loads only when a simulated candidate first runs.

/** A failure a real server produces, served by the simulated model named `finbound-sim/fault:<name>`. */
export const SimFault = z.enum(["slow", "garbage", "http-500", "http-429", "drop", "empty-choices", "not-text", "length", "stream-cut"]);
export type SimFault = z.infer<typeof SimFault>;
