import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const PAGES = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string): string =>
  heading.trim().toLowerCase().replace(/[`*_]/g, "").replace(/[^\p{L}\p{N}\s-]/gu, "").replace(/\s/g, "-");

const anchorsOf = (text: string): Set<string> =>
  new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1] ?? "")));

/** Every inline Markdown link and image outside code blocks and code spans. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "");
}

describe("the README and docs/", () => {
  it("has a README a newcomer reads in one sitting", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(200);
  });

  it.each(PAGES)("%s links only to what the repository holds", (page) => {
    const text = readFileSync(join(ROOT, page), "utf8");
    const broken: string[] = [];
    for (const link of linksOf(text)) {
      if (/^(https?:|mailto:)/.test(link)) continue;
      const [path = "", anchor] = link.split("#");
      const target = path === "" ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), path);
      if (relative(ROOT, target).startsWith("..")) broken.push(`${link} (outside the repository)`);
      else if (!existsSync(target)) broken.push(`${link} (no such file)`);
      else if (anchor !== undefined && target.endsWith(".md") && !anchorsOf(readFileSync(target, "utf8")).has(anchor)) {
        broken.push(`${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("finds a broken link when there is one", () => {
    expect(linksOf("see [the spec](../shared/SPEC.md) and `[not](a-link.md)`")).toEqual(["../shared/SPEC.md"]);
    expect(anchorsOf("## K trials and pass^k in the workbench").has("k-trials-and-passk-in-the-workbench")).toBe(true);
  });
});
