import type { ParserOptions } from "../runtime/parse-reply.ts";
import { REFERENCE_BUDGET, type BudgetConfig } from "../schemas/budget.ts";

/** The options that change how strictly a run is held, shared by eval and score. */
export const RUN_SETTING_OPTIONS = {
  repair: { type: "boolean" },
  "lenient-fence": { type: "boolean" },
} as const;

export const RUN_SETTINGS_USAGE = `  --repair          allow one repair turn after an invalid reply (it counts against the budget)
  --lenient-fence   accept a decision wrapped in one Markdown fence (recorded in the run)`;

export function runSettingsFrom(flags: { repair?: boolean | undefined; "lenient-fence"?: boolean | undefined }): { budget: BudgetConfig; parser?: ParserOptions } {
  return {
    budget: { ...REFERENCE_BUDGET, repair: flags.repair === true },
    ...(flags["lenient-fence"] ? { parser: { lenientFence: true } } : {}),
  };
}
