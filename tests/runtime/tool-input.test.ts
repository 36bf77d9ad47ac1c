import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replyText } from "../../src/candidates/scripted.ts";
import { TOOL_CATALOGUE } from "../../src/runtime/tools/catalogue.ts";
import { FV_A, loadFixtures } from "../support.ts";

const tools = [...TOOL_CATALOGUE.values()];

/** Every tool's arguments the fixtures' scripted candidates send, by tool. */
const sent = new Map(tools.map((t) => [t.name, [] as Record<string, unknown>[]]));
for (const fixture of loadFixtures()) {
  for (const candidate of Object.values(fixture.candidates)) {
    for (const reply of candidate.replies) {
      try {
        const d = JSON.parse(replyText(reply)) as { decision?: unknown; tool?: unknown; arguments?: unknown };
        const list = typeof d.tool === "string" ? sent.get(d.tool) : undefined;
        if (d.decision === "tool" && list && d.arguments !== null && typeof d.arguments === "object" && !Array.isArray(d.arguments)) list.push(d.arguments as Record<string, unknown>);
      } catch {
        // Not JSON: no arguments to take.
      }
    }
  }
}
sent.get("future_value")?.push(FV_A as unknown as Record<string, unknown>);

const odd = fc.constantFrom<unknown>(undefined, null, -1, -0, 0, 0.5, 1, 1.5, -0.99, -1.01, 2, 100, 101, 2 ** 53, Infinity, -Infinity, NaN, "", "x", "HH-1001", true, [], {}, ["x"]);

describe("a tool's plain checks of its arguments agree with its input schema", () => {
  it("vouch for every argument list the scripted candidates send that the schema accepts", () => {
    for (const tool of tools) {
      const examples = sent.get(tool.name) ?? [];
      expect(examples.length).toBeGreaterThan(0);
      for (const args of examples) expect(tool.plainlyValid(args)).toBe(tool.input.safeParse(args).success);
    }
  });

  it("never vouch for arguments the schema refuses or would change, however they are altered", () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...tools), fc.nat(), fc.nat(), odd, fc.constantFrom("set", "delete", "add"), fc.constantFrom("extra", "__proto__", "household", "years"), (tool, i, k, to, op, key) => {
        const examples = sent.get(tool.name) ?? [];
        const args = structuredClone(examples[i % examples.length]) as Record<string, unknown>;
        const keys = Object.keys(args);
        const at = keys[k % keys.length] as string;
        if (op === "set") args[at] = to;
        else if (op === "delete") delete args[at];
        else Object.defineProperty(args, key, { value: to, enumerable: true, writable: true, configurable: true });
        const zod = tool.input.safeParse(args);
        if (!zod.success) refused += 1;
        if (tool.plainlyValid(args)) {
          expect(zod.success).toBe(true);
          expect(zod.data).toEqual(args);
        }
      }),
      { numRuns: 3000 },
    );
    expect(refused).toBeGreaterThan(1000);
  });
});
