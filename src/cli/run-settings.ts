import type { ParserOptions } from "../runtime/parse-reply.ts";
import { REFERENCE_BUDGET, type BudgetConfig } from "../schemas/budget.ts";
import { positiveInt, UsageError } from "./usage-error.ts";

/** The options that change how strictly a run is held, shared by eval and score. */
export const RUN_SETTING_OPTIONS = {
  repair: { type: "boolean" },
  "lenient-fence": { type: "boolean" },
} as const;

export const RUN_SETTINGS_USAGE = `  --repair          allow one repair turn after an invalid reply (it counts against the budget)
  --lenient-fence   accept a decision wrapped in one Markdown fence (recorded in the run)`;

/** The run's budget (contract §6), recorded in each run's run_started event. */
export const BUDGET_OPTIONS = {
  "request-timeout": { type: "string" },
  deadline: { type: "string" },
  "max-decisions": { type: "string" },
} as const;

export const BUDGET_USAGE = `  --request-timeout MS   how long each model request may take (default ${REFERENCE_BUDGET.request_timeout_ms}; at most the deadline)
  --deadline MS          wall clock for a whole run (default ${REFERENCE_BUDGET.deadline_ms})
  --max-decisions N      decisions a run may make, the final one included (default ${REFERENCE_BUDGET.max_decisions})`;

interface RunSettingFlags {
  repair?: boolean | undefined;
  "lenient-fence"?: boolean | undefined;
  "request-timeout"?: string | undefined;
  deadline?: string | undefined;
  "max-decisions"?: string | undefined;
}

export function runSettingsFrom(flags: RunSettingFlags): { budget: BudgetConfig; parser?: ParserOptions } {
  return {
    budget: { ...budgetFrom(flags), repair: flags.repair === true },
    ...(flags["lenient-fence"] ? { parser: { lenientFence: true } } : {}),
  };
}

/** The reference budget with what the flags change; a request may not be allowed longer than the whole run. */
function budgetFrom(flags: RunSettingFlags): BudgetConfig {
  const given = (flag: keyof typeof BUDGET_OPTIONS, fallback: number): number => {
    const value = flags[flag];
    return value === undefined ? fallback : positiveInt(flag, value);
  };
  const budget = {
    ...REFERENCE_BUDGET,
    request_timeout_ms: given("request-timeout", REFERENCE_BUDGET.request_timeout_ms),
    deadline_ms: given("deadline", REFERENCE_BUDGET.deadline_ms),
    max_decisions: given("max-decisions", REFERENCE_BUDGET.max_decisions),
  };
  if (budget.request_timeout_ms > budget.deadline_ms) {
    const timeout = `--request-timeout ${budget.request_timeout_ms}${flags["request-timeout"] === undefined ? " (the default)" : ""}`;
    const deadline = `--deadline ${budget.deadline_ms}${flags.deadline === undefined ? " (the default)" : ""}`;
    throw new UsageError(`${timeout} is longer than ${deadline}: a request cannot outlast its run; set --request-timeout to at most ${budget.deadline_ms}, or raise --deadline`);
  }
  return budget;
}
