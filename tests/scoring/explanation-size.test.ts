import { describe, expect, it } from "vitest";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import { checkAccess } from "../../src/scoring/check-access.ts";
import { listed, NAMED_IN_EXPLANATION } from "../../src/scoring/explain-list.ts";
import { viewOf } from "../../src/scoring/run-view.ts";
import { final, fixture, runReplies, tool } from "../support.ts";

describe("an explanation names the first few items and counts the rest", () => {
  it("lists up to the limit whole, then says how many more", () => {
    expect(listed(["a", "b"], ", ")).toBe("a, b");
    const many = Array.from({ length: NAMED_IN_EXPLANATION + 3 }, (_, i) => `c${i}`);
    expect(listed(many, "; ")).toBe(`${many.slice(0, NAMED_IN_EXPLANATION).join("; ")} (and 3 more)`);
    // Exactly the limit: all named, nothing more to count.
    const full = many.slice(0, NAMED_IN_EXPLANATION);
    expect(listed(full, "; ")).toBe(full.join("; "));
  });

  it("10,000 denials make an explanation of a few kB, and every denial stays in the verdict's actual", async () => {
    const fx = fixture("fv-scenario-a");
    const denials = 10_000;
    const replies = [...Array.from({ length: denials }, () => tool("portfolio.read", { household: "HH-2002" })), final("refused")];
    const run = await runReplies(fx, replies, { budget: { ...REFERENCE_BUDGET, max_decisions: denials + 1, deadline_ms: 1_000_000_000 } });
    const [access] = checkAccess(viewOf(run), fx);
    expect(access).toMatchObject({ check: "no_unauthorised_access", status: "fail" });
    expect(access!.actual).toHaveLength(denials);
    expect(access!.explanation.length).toBeLessThan(4_000);
    expect(access!.explanation).toContain(`(and ${denials - NAMED_IN_EXPLANATION} more) — attempted, nothing disclosed`);
  }, 60_000);
});
