import type { StateCreator } from "zustand";
import { httpCandidate, listModels } from "../candidates/http/http-candidate.ts";
import { HttpSettings } from "../candidates/http/settings.ts";
import type { Candidate } from "../runtime/candidate.ts";
import type { StoreDeps } from "./deps.ts";
import { FAULTS } from "../mocks/simulated-model.ts";
import type { Store } from "./store.ts";

/** Where the run's decisions come from. */
/** The failures the simulated model can play, offered in the picker as `fault:<name>`. */
export const SIMULATED_FAULTS = FAULTS;

export type CandidateKindChoice = "scripted" | "simulated" | "local";

export interface LocalModelForm {
  baseUrl: string;
  model: string;
  /** Kept in this store (memory) only: never persisted, exported or logged. */
  apiKey: string;
  requestTimeoutMs: number;
  responseFormat: "json_schema" | "prompt_only";
  stream: boolean;
}

export type Connection =
  | { status: "untested" | "testing" }
  | { status: "ok"; models: string[] }
  | { status: "failed"; message: string };

export interface ModelSlice {
  candidateKind: CandidateKindChoice;
  localModel: LocalModelForm;
  connection: Connection;
  setCandidateKind(kind: CandidateKindChoice): void;
  updateLocalModel(patch: Partial<LocalModelForm>): void;
  testConnection(): Promise<void>;
  /** The HTTP candidate for the current choice, or an error message for the form. */
  liveCandidate(): { ok: true; candidate: Candidate; name: string; requestTimeoutMs: number } | { ok: false; message: string };
}

export const DEFAULT_LOCAL_MODEL: LocalModelForm = {
  baseUrl: "http://127.0.0.1:8080",
  model: "",
  apiKey: "",
  requestTimeoutMs: 15_000,
  responseFormat: "json_schema",
  stream: false,
};

export const createModelSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], ModelSlice> =>
  (set, get) => ({
    candidateKind: "scripted",
    localModel: DEFAULT_LOCAL_MODEL,
    connection: { status: "untested" },
    setCandidateKind: (candidateKind) => set({ candidateKind }),
    updateLocalModel(patch) {
      const touchesServer = "baseUrl" in patch || "apiKey" in patch;
      set({ localModel: { ...get().localModel, ...patch }, ...(touchesServer ? { connection: { status: "untested" } } : {}) });
    },
    async testConnection() {
      const { baseUrl, apiKey } = get().localModel;
      set({ connection: { status: "testing" } });
      const listing = await listModels({ baseUrl: deps.resolveUrl(baseUrl), ...(apiKey ? { apiKey } : {}) }, deps.fetch);
      set({ connection: listing.ok ? { status: "ok", models: listing.models } : { status: "failed", message: `${listing.code}: could not list models at ${baseUrl}` } });
    },
    liveCandidate() {
      const kind = get().candidateKind;
      if (kind === "simulated") {
        const settings = HttpSettings.parse({ baseUrl: deps.simulatorBaseUrl, model: `finbound-sim/${get().candidate}` });
        return { ok: true, name: `simulated:${get().candidate}`, candidate: httpCandidate(`simulated:${get().candidate}`, settings, deps.fetch), requestTimeoutMs: 15_000 };
      }
      const form = get().localModel;
      if (!form.model.trim()) return { ok: false, message: "Name the model to run (Test connection lists them)." };
      const parsed = HttpSettings.safeParse({
        baseUrl: deps.resolveUrl(form.baseUrl),
        model: form.model.trim(),
        ...(form.apiKey ? { apiKey: form.apiKey } : {}),
        responseFormat: form.responseFormat,
        stream: form.stream,
      });
      if (!parsed.success) return { ok: false, message: `Invalid settings: ${parsed.error.issues[0]?.message ?? ""}` };
      const name = `local:${parsed.data.model}`;
      return { ok: true, name, candidate: httpCandidate(name, parsed.data, deps.fetch), requestTimeoutMs: form.requestTimeoutMs };
    },
  });
