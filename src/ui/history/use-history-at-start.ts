import { useEffect } from "react";
import { appStore } from "../../app/app-store.ts";

/** Loads the saved runs and suites once, when the app starts. */
export function useHistoryAtStart(): void {
  useEffect(() => {
    void appStore.getState().loadHistory();
  }, []);
}
