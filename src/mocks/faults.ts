// The simulated model's fault names, apart from the model itself: the workbench lists them at
// start-up, while the simulator loads only when a simulated candidate first runs.

/** A failure a real server produces, served by `finbound-sim/fault:<name>`. */
export const FAULTS = ["slow", "garbage", "http-500", "http-429", "drop", "empty-choices", "not-text", "length", "stream-cut"] as const;
export type Fault = (typeof FAULTS)[number];
