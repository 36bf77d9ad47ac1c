import type { Fixture, ScriptedReply } from "../schemas/fixture.ts";
import type { Candidate } from "../runtime/candidate.ts";
import { replayCandidate } from "./replay.ts";

/** How long a scripted reply takes on the run's clock unless it says otherwise. */
export const DEFAULT_SCRIPTED_LATENCY_MS = 800;

/** A scripted reply as the raw text a model would have sent. */
export const replyText = (reply: ScriptedReply): string => ("text" in reply ? reply.text : JSON.stringify(reply.decision));

/** The fixture's scripted candidate of that name, or undefined when the fixture has none. */
export function scriptedCandidate(fixture: Fixture, name: string): Candidate | undefined {
  if (!Object.hasOwn(fixture.candidates, name)) return undefined;
  const script = fixture.candidates[name];
  if (!script) return undefined;
  return replayCandidate(
    name,
    script.replies.map((r) => ({ text: replyText(r), latency_ms: r.latency_ms ?? DEFAULT_SCRIPTED_LATENCY_MS })),
  );
}
