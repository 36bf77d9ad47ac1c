import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const SOURCE = /\.(ts|tsx)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every static relative import between the files under `root`/src, as paths relative to `root`. */
export function importGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of filesUnder(join(root, "src"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm)) {
      const to = relative(root, resolve(dirname(file), m[2] ?? ""));
      edges.push({ from: relative(root, file), to, typeOnly: m[1] !== undefined });
    }
  }
  return edges;
}

/** The import circles among `edges`: each strongly connected component of more than one file (Tarjan). */
export function circles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}
