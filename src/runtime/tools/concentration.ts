import { z } from "zod";
import { IsoDate } from "../../schemas/ids.ts";
import { roundRatio } from "../money.ts";
import { isoDate, matchesShape, type Shape } from "../../schemas/fast-validation.ts";
import { defineTool, finiteNumber, nonEmptyString, notFromEvidence } from "./tool.ts";

export const CONCENTRATION_CALCULATOR = "calc-concentration-v1";

const Input = z.strictObject({
  household: z.string().min(1),
  equity_inr: z.number().finite().nonnegative(),
  eligible_inr: z.number().finite().positive(),
});

const INPUT_SHAPE: Shape = { required: { household: nonEmptyString, equity_inr: (v) => finiteNumber(v) && v >= 0, eligible_inr: (v) => finiteNumber(v) && v > 0 } };

const OUTPUT_INPUTS_SHAPE: Shape = { required: { equity_inr: finiteNumber, eligible_inr: finiteNumber } };
const OUTPUT_SHAPE: Shape = {
  required: {
    household: (v) => typeof v === "string",
    ratio: finiteNumber,
    as_of: isoDate,
    calculator: (v) => v === CONCENTRATION_CALCULATOR,
    inputs: (v) => matchesShape(v, OUTPUT_INPUTS_SHAPE),
  },
};

export const concentration = defineTool({
  name: "concentration",
  summary: "Equity concentration of a household: ratio = equity_inr / eligible_inr (4 decimals). Both amounts must be the values of a snapshot read earlier in this run.",
  input: Input,
  plainlyValid: (args) => matchesShape(args, INPUT_SHAPE),
  output: z.strictObject({
    household: z.string(),
    ratio: z.number(),
    as_of: IsoDate,
    calculator: z.literal(CONCENTRATION_CALCULATOR),
    inputs: z.strictObject({ equity_inr: z.number(), eligible_inr: z.number() }),
  }),
  plainlyValidOutput: (data) => matchesShape(data, OUTPUT_SHAPE),
  provenance(input, evidence) {
    const snapshot = evidence.snapshotRead(input.household);
    if (!snapshot) return notFromEvidence(`no successful portfolio.read of ${input.household} earlier in this run`);
    if (input.equity_inr !== snapshot.equity_inr) return notFromEvidence("equity_inr differs from the snapshot that was read");
    if (input.eligible_inr !== snapshot.eligible_inr) return notFromEvidence("eligible_inr differs from the snapshot that was read");
    return { ok: true };
  },
  claim: {
    kind: "concentration",
    project: (data) => ({
      kind: "concentration",
      value: Number(data.ratio),
      unit: "ratio",
      scenario: null,
      as_of: String(data.as_of),
      calculator: String(data.calculator),
    }),
    assumptions: (data) => {
      const inputs = (data.inputs ?? {}) as Record<string, unknown>;
      return [
        { label: "equity", value: Number(inputs.equity_inr), unit: "INR" },
        { label: "eligible", value: Number(inputs.eligible_inr), unit: "INR" },
        { label: "snapshot date", value: String(data.as_of), unit: "date" },
      ];
    },
  },
  run(input, env) {
    const snapshot = env.snapshots.get(input.household);
    return {
      ok: true,
      data: {
        household: input.household,
        ratio: roundRatio(input.equity_inr / input.eligible_inr),
        as_of: snapshot?.as_of ?? env.context.as_of,
        calculator: CONCENTRATION_CALCULATOR,
        inputs: { equity_inr: input.equity_inr, eligible_inr: input.eligible_inr },
      },
    };
  },
});
