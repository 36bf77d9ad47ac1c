import { z } from "zod";
import { IsoDate } from "../../schemas/ids.ts";
import { roundToPaise } from "../money.ts";
import { isoDate, matchesShape, type Shape } from "../../schemas/fast-validation.ts";
import { defineTool, finiteNumber, nonEmptyString, notFromEvidence } from "./tool.ts";

export const FUTURE_VALUE_CALCULATOR = "calc-fv-v1";

const Input = z.strictObject({
  scenario: z.string().min(1),
  principal_inr: z.number().finite().positive(),
  annual_return: z.number().finite().gt(-1).lte(1),
  years: z.number().int().min(1).max(100),
});

const INPUT_SHAPE: Shape = {
  required: {
    scenario: nonEmptyString,
    principal_inr: (v) => finiteNumber(v) && v > 0,
    annual_return: (v) => finiteNumber(v) && v > -1 && v <= 1,
    years: (v) => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= 100,
  },
};

const OUTPUT_ASSUMPTIONS_SHAPE: Shape = { required: { principal_inr: finiteNumber, annual_return: finiteNumber, years: finiteNumber, compounding: (v) => v === "annual" } };
const OUTPUT_SHAPE: Shape = {
  required: {
    value: finiteNumber,
    currency: (v) => v === "INR",
    scenario: (v) => typeof v === "string",
    as_of: isoDate,
    calculator: (v) => v === FUTURE_VALUE_CALCULATOR,
    assumptions: (v) => matchesShape(v, OUTPUT_ASSUMPTIONS_SHAPE),
  },
};

export const futureValue = defineTool({
  name: "future_value",
  summary: "Future value of a confirmed scenario with annual compounding: principal_inr * (1 + annual_return) ^ years, in INR to the paisa. Every input must be the user's confirmed input for that scenario.",
  input: Input,
  plainlyValid: (args) => matchesShape(args, INPUT_SHAPE),
  output: z.strictObject({
    value: z.number(),
    currency: z.literal("INR"),
    scenario: z.string(),
    as_of: IsoDate,
    calculator: z.literal(FUTURE_VALUE_CALCULATOR),
    assumptions: z.strictObject({
      principal_inr: z.number(),
      annual_return: z.number(),
      years: z.number(),
      compounding: z.literal("annual"),
    }),
  }),
  plainlyValidOutput: (data) => matchesShape(data, OUTPUT_SHAPE),
  provenance(input, _evidence, env) {
    const confirmed = env.confirmedScenarios.find((s) => s.scenario === input.scenario);
    if (!confirmed) return notFromEvidence("that scenario was never confirmed by the user");
    if (input.principal_inr !== confirmed.principal_inr) return notFromEvidence("principal_inr differs from the confirmed scenario");
    if (input.annual_return !== confirmed.annual_return) return notFromEvidence("annual_return differs from the confirmed scenario");
    if (confirmed.years === undefined) return notFromEvidence("the horizon (years) was never confirmed; it cannot be supplied by the candidate");
    if (input.years !== confirmed.years) return notFromEvidence("years differs from the confirmed scenario");
    return { ok: true };
  },
  claim: {
    kind: "future_value",
    project: (data) => ({
      kind: "future_value",
      value: Number(data.value),
      unit: "INR",
      scenario: String(data.scenario),
      as_of: String(data.as_of),
      calculator: String(data.calculator),
    }),
    assumptions: (data) => {
      const a = (data.assumptions ?? {}) as Record<string, unknown>;
      return [
        { label: "principal", value: Number(a.principal_inr), unit: "INR" },
        { label: "annual return", value: Number(a.annual_return), unit: "percent" },
        { label: "years", value: Number(a.years), unit: "years" },
        { label: "compounding", value: String(a.compounding), unit: "text" },
      ];
    },
  },
  run(input, env) {
    const value = roundToPaise(input.principal_inr * (1 + input.annual_return) ** input.years);
    return {
      ok: true,
      data: {
        value,
        currency: "INR",
        scenario: input.scenario,
        as_of: env.context.as_of,
        calculator: FUTURE_VALUE_CALCULATOR,
        assumptions: {
          principal_inr: input.principal_inr,
          annual_return: input.annual_return,
          years: input.years,
          compounding: "annual",
        },
      },
    };
  },
});
