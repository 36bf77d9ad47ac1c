// zod 4 compiles fast parsers with `new Function` when the page allows it, and probes for that by
// trying. Under our Content-Security-Policy (no eval) the probe itself is a violation, so the
// browser build runs zod without its JIT. Imported first by main.tsx, before any schema is used.
import { z } from "zod";

z.config({ jitless: true });
