// The fixtures embedded in the app bundle: every fixtures/*.json, validated like any other file.
// (Vite-specific: imported only by the browser side, never by the CLI.)
import { parseFixtureSet, type FixtureSet } from "../fixture-set/parse.ts";

const files = import.meta.glob("/fixtures/*.json", { eager: true, query: "?raw", import: "default" }) as Record<string, string>;

export const embeddedFixtures: FixtureSet = parseFixtureSet(
  Object.entries(files).map(([path, text]) => ({ file: path.replace(/^\//, ""), text })),
);
