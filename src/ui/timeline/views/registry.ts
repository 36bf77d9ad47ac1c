import type { EventKind, RunEvent } from "../../../schemas/event.ts";
import { ModelFailureBody, ModelReplyBody, ModelRequestBody } from "./model-views.tsx";
import { BudgetExhaustedBody, DecisionBody, FinalBody, InvalidOutputBody, RunFinishedBody, RunStartedBody } from "./run-views.tsx";
import { AttemptBody, DenialBody, NotRunBody, ObservationBody, ToolErrorBody } from "./tool-views.tsx";
import type { EventView, EventViews } from "./types.ts";

/** The one place that maps an event kind to its label and view. */
export const EVENT_VIEWS: EventViews = {
  run_started: { label: "run started", Body: RunStartedBody },
  model_request: { label: "request", Body: ModelRequestBody },
  model_reply: { label: "reply", Body: ModelReplyBody },
  model_failure: { label: "model failure", Body: ModelFailureBody },
  decision: { label: "decision", Body: DecisionBody },
  invalid_output: { label: "invalid output", Body: InvalidOutputBody },
  attempt: { label: "attempt", Body: AttemptBody },
  denial: { label: "denied", Body: DenialBody },
  observation: { label: "observation", Body: ObservationBody },
  tool_error: { label: "tool error", Body: ToolErrorBody },
  not_run: { label: "not run", Body: NotRunBody },
  budget_exhausted: { label: "budget exhausted", Body: BudgetExhaustedBody },
  final: { label: "final", Body: FinalBody },
  run_finished: { label: "run finished", Body: RunFinishedBody },
};

/** The view of one event (the cast is safe: EVENT_VIEWS pairs every kind with its own view). */
export const viewFor = (event: RunEvent): EventView<EventKind> => EVENT_VIEWS[event.kind] as unknown as EventView<EventKind>;
