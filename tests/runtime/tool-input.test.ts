import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replyText } from "../../src/candidates/scripted.ts";
import { fixtureParts } from "../../src/runtime/fixture-environment.ts";
import { TOOL_CATALOGUE } from "../../src/runtime/tools/catalogue.ts";
import { FV_A, loadFixtures } from "../support.ts";

const tools = [...TOOL_CATALOGUE.values()];

/** Every tool's arguments the fixtures' scripted candidates send, by tool. */
const sent = new Map(tools.map((t) => [t.name, [] as Record<string, unknown>[]]));
/** What each tool made of those arguments, run in the world of the fixture that sent them (the runs that succeeded). */
const made = new Map(tools.map((t) => [t.name, [] as Record<string, unknown>[]]));
for (const fixture of loadFixtures()) {
  const { env } = fixtureParts(fixture, 4);
  const before = new Map(tools.map((t) => [t.name, sent.get(t.name)?.length ?? 0]));
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
  for (const tool of tools) {
    for (const args of (sent.get(tool.name) ?? []).slice(before.get(tool.name))) {
      if (!tool.input.safeParse(args).success) continue;
      const run = tool.run(args as never, env);
      if (run.ok) made.get(tool.name)?.push(run.data);
    }
  }
}
sent.get("future_value")?.push(FV_A as unknown as Record<string, unknown>);

const odd = fc.constantFrom<unknown>(undefined, null, -1, -0, 0, 0.5, 1, 1.5, -0.99, -1.01, 2, 100, 101, 2 ** 53, Infinity, -Infinity, NaN, "", "x", "HH-1001", true, [], {}, ["x"]);

/** One change to an object: a key set to `to`, deleted, or `key` added as an own key (`__proto__` included). */
const alteration = (keys: readonly string[]) => fc.tuple(fc.nat(), odd, fc.constantFrom("set", "delete", "add"), fc.constantFrom("extra", "__proto__", ...keys));
function alter(target: Record<string, unknown>, [k, to, op, key]: [number, unknown, "set" | "delete" | "add", string]): void {
  const keys = Object.keys(target);
  const at = keys[k % keys.length] as string;
  if (op === "set") target[at] = to;
  else if (op === "delete") delete target[at];
  else Object.defineProperty(target, key, { value: to, enumerable: true, writable: true, configurable: true });
}

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
      fc.property(fc.constantFrom(...tools), fc.nat(), alteration(["household", "years"]), (tool, i, change) => {
        const examples = sent.get(tool.name) ?? [];
        const args = structuredClone(examples[i % examples.length]) as Record<string, unknown>;
        alter(args, change);
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

describe("a tool's plain checks of its output agree with its output schema", () => {
  const checked = tools.filter((t) => t.plainlyValidOutput !== undefined);

  it("vouch for every output the tools make of the scripted candidates' arguments", () => {
    expect(checked.map((t) => t.name).sort()).toEqual(["concentration", "future_value"]);
    for (const tool of checked) {
      const outputs = made.get(tool.name) ?? [];
      expect(outputs.length).toBeGreaterThan(0);
      for (const data of outputs) {
        expect(tool.output.safeParse(data).success).toBe(true);
        expect(tool.plainlyValidOutput?.(data)).toBe(true);
      }
    }
  });

  it("never vouch for an output the schema refuses or would change, however it is altered", () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...checked), fc.nat(), fc.boolean(), alteration(["ratio", "value"]), (tool, i, nested, change) => {
        const outputs = made.get(tool.name) ?? [];
        const data = structuredClone(outputs[i % outputs.length]) as Record<string, unknown>;
        // The change is made at the top, or inside the object the output nests (its inputs or assumptions).
        const inner = Object.values(data).find((v) => v !== null && typeof v === "object") as Record<string, unknown>;
        alter(nested ? inner : data, change);
        const zod = tool.output.safeParse(data);
        if (!zod.success) refused += 1;
        if (tool.plainlyValidOutput?.(data)) {
          expect(zod.success).toBe(true);
          expect(zod.data).toEqual(data);
        }
      }),
      { numRuns: 3000 },
    );
    expect(refused).toBeGreaterThan(1000);
  });
});
