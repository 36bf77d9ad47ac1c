import { z } from "zod";

export const VerdictStatus = z.enum(["pass", "fail", "n/a"]);
export type VerdictStatus = z.infer<typeof VerdictStatus>;

export const Verdict = z.strictObject({
  check: z.string(),
  status: VerdictStatus,
  expected: z.unknown(),
  actual: z.unknown(),
  explanation: z.string(),
});
export type Verdict = z.infer<typeof Verdict>;
