// The OpenTelemetry GenAI names finbound writes, copied here rather than imported, as
// @opentelemetry/semantic-conventions advises for its unstable ("incubating") entry point: those
// names may change in a minor release, and an export must not change with a dependency update.
//
// Followed (docs/formats.md, "OTLP"):
// - semantic-conventions v1.41.0, the last release that holds the GenAI conventions before they moved
//   to open-telemetry/semantic-conventions-genai: the `invoke_agent`, `chat` and `execute_tool` spans,
//   the `gen_ai.evaluation.result` event and their attributes (all of Development stability);
// - the `apply_guardrail` span of the GenAI security proposal (semantic-conventions PR #3233,
//   docs/gen-ai/gen-ai-security.md, Development), released in no version yet.

export const GEN_AI = {
  operationName: "gen_ai.operation.name",
  providerName: "gen_ai.provider.name",
  agentName: "gen_ai.agent.name",
  requestModel: "gen_ai.request.model",
  responseModel: "gen_ai.response.model",
  finishReasons: "gen_ai.response.finish_reasons",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  toolType: "gen_ai.tool.type",
  toolCallArguments: "gen_ai.tool.call.arguments",
  toolCallResult: "gen_ai.tool.call.result",
  inputMessages: "gen_ai.input.messages",
  outputMessages: "gen_ai.output.messages",
  systemInstructions: "gen_ai.system_instructions",
  evaluationName: "gen_ai.evaluation.name",
  evaluationScoreValue: "gen_ai.evaluation.score.value",
  evaluationScoreLabel: "gen_ai.evaluation.score.label",
  evaluationExplanation: "gen_ai.evaluation.explanation",
  guardianId: "gen_ai.guardian.id",
  guardianName: "gen_ai.guardian.name",
  guardianVersion: "gen_ai.guardian.version",
  securityTargetType: "gen_ai.security.target.type",
  securityTargetId: "gen_ai.security.target.id",
  securityDecisionType: "gen_ai.security.decision.type",
  securityDecisionReason: "gen_ai.security.decision.reason",
  securityPolicyId: "gen_ai.security.policy.id",
  errorType: "error.type",
} as const;

export const OPERATION = {
  invokeAgent: "invoke_agent",
  chat: "chat",
  executeTool: "execute_tool",
  applyGuardrail: "apply_guardrail",
} as const;

export const EVALUATION_RESULT_EVENT = "gen_ai.evaluation.result";

/** The boundary, named as the guardian that decides every tool call. */
export const BOUNDARY_GUARDIAN = { id: "finbound.boundary", name: "finbound boundary" } as const;
