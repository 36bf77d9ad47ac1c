import { createStore as createZustandStore, type StoreApi } from "zustand/vanilla";
import { createAnnotationsSlice, type AnnotationsSlice } from "./annotations/annotations-slice.ts";
import { createCompareSlice, type CompareSlice } from "./compare/compare-slice.ts";
import type { StoreDeps } from "./deps.ts";
import { createHistorySlice, type HistorySlice } from "./history/history-slice.ts";
import { createIoSlice, type IoSlice } from "./io/io-slice.ts";
import { createLeaderboardSlice, type LeaderboardSlice } from "./leaderboard/leaderboard-slice.ts";
import { createMatrixSlice, type MatrixSlice } from "./matrix/matrix-slice.ts";
import { createModelSlice, type ModelSlice } from "./model/model-slice.ts";
import { createRunLinkSlice, type RunLinkSlice } from "./links/run-link.ts";
import { createRunSlice, type RunSlice } from "./run/run-slice.ts";
import { createSearchSlice, type SearchSlice } from "./search/search-slice.ts";
import { createSigningSlice, type SigningSlice } from "./signing/signing-slice.ts";
import { createSuiteSlice, type SuiteSlice } from "./suite/suite-slice.ts";
import { createTrialsSlice, type TrialsSlice } from "./trials/trials-slice.ts";
import { createWatchSlice, type WatchSlice } from "./watch/watch-slice.ts";
import { createWorkspaceSlice, type WorkspaceSlice } from "./workspace/workspace-slice.ts";

export type Store = WorkspaceSlice & RunSlice & SearchSlice & SuiteSlice & TrialsSlice & IoSlice & ModelSlice & HistorySlice & MatrixSlice & CompareSlice & AnnotationsSlice & RunLinkSlice & SigningSlice & WatchSlice & LeaderboardSlice;

/** One store from slices. Tests build it with the same slices and their own deps. */
export function createStore(deps: StoreDeps): StoreApi<Store> {
  return createZustandStore<Store>()((...a) => ({
    ...createWorkspaceSlice(deps)(...a),
    ...createRunSlice(deps)(...a),
    ...createSearchSlice()(...a),
    ...createSuiteSlice(deps)(...a),
    ...createTrialsSlice(deps)(...a),
    ...createIoSlice(deps)(...a),
    ...createModelSlice(deps)(...a),
    ...createHistorySlice(deps)(...a),
    ...createMatrixSlice(deps)(...a),
    ...createCompareSlice(deps)(...a),
    ...createAnnotationsSlice(deps)(...a),
    ...createRunLinkSlice(deps)(...a),
    ...createSigningSlice()(...a),
    ...createWatchSlice(deps)(...a),
    ...createLeaderboardSlice(deps)(...a),
  }));
}
