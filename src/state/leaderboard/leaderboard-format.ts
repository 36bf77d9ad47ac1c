// The leaderboard's rows and words as the view draws them: the pure module's, handed on (ui/ reaches
// evaluation/ only through state/).
export type { CandidateRow, MetricId, MetricResult, Standing } from "../../evaluation/leaderboard.ts";
export { fixturesByTrials, METRICS, metricLabel } from "../../evaluation/leaderboard.ts";
export { formatDifference, formatEstimate } from "../../evaluation/statistics.ts";
