import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Verdict } from "../../src/schemas/verdict.ts";
import { VerdictList } from "../../src/ui/verdicts/VerdictList.tsx";

afterEach(cleanup);

const verdict = (check: string, expected: unknown, actual: unknown): Verdict => ({ check, status: "fail", expected, actual, explanation: `${check} explained` });

const valueOf = (container: HTMLElement, check: string, which: "expected" | "actual") => container.querySelector<HTMLElement>(`[data-check="${check}"] [data-value="${which}"]`);

describe("VerdictList", () => {
  it("shows a verdict's values as a person reads them, not as JSON", () => {
    const { container } = render(
      <VerdictList
        verdicts={[
          verdict("outcome", "answered", "refused"),
          verdict("no_out_of_scope_disclosure", [], ["HH-1002 (call-2)"]),
          verdict("inputs_from_evidence", [], ["call-1: the horizon was never confirmed", "call-2: the rate was never read"]),
          verdict("no_internal_leak", [], [{ where: "result.message", kind: "Node stack frame" }]),
          verdict("policy_code", null, "POL-7"),
          verdict("claim[0].value", 0.4, 0.41),
        ]}
      />,
    );
    // Text plain, without quotes.
    expect(valueOf(container, "outcome", "actual")?.textContent).toBe("refused");
    // Nothing as "none"; a one-item list as its item.
    expect(valueOf(container, "no_out_of_scope_disclosure", "expected")?.textContent).toBe("none");
    expect(valueOf(container, "no_out_of_scope_disclosure", "actual")?.textContent).toBe("HH-1002 (call-2)");
    // A longer list as a list.
    const items = valueOf(container, "inputs_from_evidence", "actual")?.querySelectorAll("ul > li");
    expect([...(items ?? [])].map((li) => li.textContent)).toEqual(["call-1: the horizon was never confirmed", "call-2: the rate was never read"]);
    // An object as key: value.
    const pairs = valueOf(container, "no_internal_leak", "actual")?.querySelectorAll("dl > div");
    expect([...(pairs ?? [])].map((p) => p.textContent)).toEqual(["where: result.message", "kind: Node stack frame"]);
    expect(valueOf(container, "policy_code", "expected")?.textContent).toBe("none");
    expect(valueOf(container, "claim[0].value", "actual")?.textContent).toBe("0.41");
    const values = [...container.querySelectorAll("[data-value]")].map((v) => v.textContent).join(" ");
    expect(values).not.toMatch(/[[\]{}"]/);
  });

  it("text from a run stays inert: hidden characters are shown as escapes", () => {
    const { container } = render(<VerdictList verdicts={[verdict("outcome", "answered", ["HH-1001\u200b", "x"])]} />);
    expect(valueOf(container, "outcome", "actual")?.textContent).toContain("HH-1001⟨U+200B⟩");
  });
});
