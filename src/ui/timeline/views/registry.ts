import type { EventKind, RunEvent } from "../../../schemas/event.ts";
import { isCancelledRequest } from "../../../state/search/search-kinds.ts";
import { ModelFailureBody, ModelReplyBody, ModelRequestBody } from "./model-views.tsx";
import { BudgetExhaustedBody, DecisionBody, FinalBody, InvalidOutputBody, RunFinishedBody, RunStartedBody } from "./run-views.tsx";
import { AttemptBody, DenialBody, NotRunBody, ObservationBody, ToolErrorBody } from "./tool-views.tsx";
import type { EventView, EventViews } from "./types.ts";

/** The one place that maps an event kind to its label and view. */
export const EVENT_VIEWS: EventViews = {
  run_started: { icon: "▶", label: "run started", Body: RunStartedBody },
  model_request: { icon: "↗", label: "request", Body: ModelRequestBody },
  model_reply: { icon: "↙", label: "reply", Body: ModelReplyBody },
  model_failure: { icon: "⚠", label: "model failure", Body: ModelFailureBody },
  decision: { icon: "◆", label: "decision", Body: DecisionBody },
  invalid_output: { icon: "✗", label: "invalid output", Body: InvalidOutputBody },
  attempt: { icon: "→", label: "attempt", Body: AttemptBody },
  denial: { icon: "⊘", label: "denied", Body: DenialBody },
  observation: { icon: "◉", label: "observation", Body: ObservationBody },
  tool_error: { icon: "✕", label: "tool error", Body: ToolErrorBody },
  not_run: { icon: "◌", label: "not run", Body: NotRunBody },
  budget_exhausted: { icon: "◷", label: "budget exhausted", Body: BudgetExhaustedBody },
  final: { icon: "⚑", label: "final", Body: FinalBody },
  run_finished: { icon: "■", label: "run finished", Body: RunFinishedBody },
};

/** A request the analyst's Stop cancelled is no failure of the model: named, and coloured, as what it is. */
const CANCELLED_REQUEST: EventView<"model_failure"> = { icon: "◌", label: "request cancelled", Body: ModelFailureBody };

/** The view of one event (the cast is safe: EVENT_VIEWS pairs every kind with its own view). */
export const viewFor = (event: RunEvent): EventView<EventKind> => (isCancelledRequest(event) ? CANCELLED_REQUEST : EVENT_VIEWS[event.kind]) as unknown as EventView<EventKind>;
