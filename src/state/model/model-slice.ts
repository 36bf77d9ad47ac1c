import type { StateCreator } from "zustand";
import { listModels } from "../../candidates/http/list-models.ts";
import { checkMaxTokens, longestDecisionLength, type MaxTokensCheck } from "../../candidates/http/longest-decision.ts";
import { HttpSettings } from "../../candidates/http/settings.ts";
import type { Candidate } from "../../runtime/candidate.ts";
import type { HttpProtocol } from "../../candidates/http/conversation.ts";
import type { StoreDeps } from "../deps.ts";
import { SimFault } from "../../schemas/sim-fault.ts";
import { diagnoseNetworkFailure, type NetworkDiagnosis } from "./network-failure.ts";
import { unavailable } from "../on-demand.ts";
import type { Store } from "../store.ts";

/** The failures the simulated model can play, offered in the picker as `fault:<name>`. */
export const SIMULATED_FAULTS = SimFault.options;

/** Where the run's decisions come from; `mcp`: an agent elsewhere, its session watched live (watch-slice.ts). */
export type CandidateKindChoice = "scripted" | "simulated" | "local" | "mcp";

export interface LocalModelForm {
  baseUrl: string;
  model: string;
  /** Kept in this store (memory) only: never persisted, exported or logged. */
  apiKey: string;
  requestTimeoutMs: number;
  responseFormat: "json_schema" | "prompt_only";
  /** The reply's max_tokens; default the longest valid decision at one token per character. */
  maxTokens: number;
  stream: boolean;
}

export type Connection =
  | { status: "untested" | "testing" }
  | { status: "ok"; models: string[] }
  /** `network` says why nothing came back, when the request got no response at all. */
  | { status: "failed"; message: string; network?: NetworkDiagnosis };

/** A model server's settings as the store resolved them, or why they cannot be used. */
export type LiveSettings =
  | { ok: true; name: string; settings: HttpSettings; requestTimeoutMs: number; /** The base URL as the analyst entered it. */ shownBaseUrl: string }
  | { ok: false; message: string };

export type LiveCandidate = (LiveSettings & { ok: true; candidate: Candidate }) | { ok: false; message: string };

export interface ModelSlice {
  candidateKind: CandidateKindChoice;
  localModel: LocalModelForm;
  connection: Connection;
  /** How the simulated or local model is asked to speak: one JSON decision per reply, or native tool calls. */
  modelProtocol: HttpProtocol;
  setCandidateKind(kind: CandidateKindChoice): void;
  setModelProtocol(protocol: HttpProtocol): void;
  updateLocalModel(patch: Partial<LocalModelForm>): void;
  testConnection(): Promise<void>;
  /** Settings for the simulated model (replying as `behaviour`) or for the local model in the form. */
  liveSettings(kind: "simulated" | "local", behaviour: string): LiveSettings;
  /** The HTTP candidate for the current choice, or an error message for the form. */
  liveCandidate(): Promise<LiveCandidate>;
  /** Why a request to this server got no response (for a run that ended `model_network_error`). */
  diagnoseNetwork(live: LiveSettings & { ok: true }): Promise<NetworkDiagnosis>;
}

export const DEFAULT_LOCAL_MODEL: LocalModelForm = {
  baseUrl: "http://127.0.0.1:8080",
  model: "",
  apiKey: "",
  requestTimeoutMs: 15_000,
  responseFormat: "json_schema",
  maxTokens: longestDecisionLength(),
  stream: false,
};

/** Whether the form's max tokens can hold the longest valid decision: the check `eval --max-tokens` runs. */
export const checkLocalMaxTokens = (form: Pick<LocalModelForm, "maxTokens" | "responseFormat">): MaxTokensCheck => checkMaxTokens(form, "max tokens");

export const createModelSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], ModelSlice> =>
  (set, get) => ({
    candidateKind: "scripted",
    localModel: DEFAULT_LOCAL_MODEL,
    connection: { status: "untested" },
    modelProtocol: "json",
    setCandidateKind: (candidateKind) => set({ candidateKind }),
    setModelProtocol: (modelProtocol) => set({ modelProtocol }),
    updateLocalModel(patch) {
      const touchesServer = "baseUrl" in patch || "apiKey" in patch;
      set({ localModel: { ...get().localModel, ...patch }, ...(touchesServer ? { connection: { status: "untested" } } : {}) });
    },
    async testConnection() {
      const { baseUrl, apiKey } = get().localModel;
      const settings = { baseUrl: deps.resolveUrl(baseUrl), ...(apiKey ? { apiKey } : {}) };
      set({ connection: { status: "testing" } });
      const listing = await listModels(settings, deps.fetch);
      let connection: Connection;
      if (listing.ok) connection = { status: "ok", models: listing.models };
      else {
        const message = `${listing.code}: could not list models at ${baseUrl}`;
        const network = listing.code === "model_network_error" ? await diagnoseNetworkFailure(deps.probeNetworkFailure, settings, baseUrl, deps.pageOrigin) : undefined;
        connection = { status: "failed", message, ...(network ? { network } : {}) };
      }
      // An answer about a URL the analyst has since changed would describe the wrong server.
      if (get().localModel.baseUrl === baseUrl && get().connection.status === "testing") set({ connection });
    },
    liveSettings(kind, behaviour) {
      if (kind === "simulated") {
        const settings = HttpSettings.parse({ baseUrl: deps.simulatorBaseUrl, model: `finbound-sim/${behaviour}`, protocol: get().modelProtocol });
        return { ok: true, name: `simulated:${behaviour}`, settings, requestTimeoutMs: 15_000, shownBaseUrl: deps.simulatorBaseUrl };
      }
      const form = get().localModel;
      if (!form.model.trim()) return { ok: false, message: "Name the model to run (Test connection lists them)." };
      const tokens = checkLocalMaxTokens(form);
      if (!tokens.ok) return { ok: false, message: tokens.message };
      const parsed = HttpSettings.safeParse({
        baseUrl: deps.resolveUrl(form.baseUrl),
        model: form.model.trim(),
        ...(form.apiKey ? { apiKey: form.apiKey } : {}),
        responseFormat: form.responseFormat,
        maxTokens: form.maxTokens,
        stream: form.stream,
        protocol: get().modelProtocol,
      });
      if (!parsed.success) return { ok: false, message: `Invalid settings: ${parsed.error.issues[0]?.message ?? ""}` };
      return { ok: true, name: `local:${parsed.data.model}`, settings: parsed.data, requestTimeoutMs: form.requestTimeoutMs, shownBaseUrl: form.baseUrl };
    },
    async liveCandidate() {
      const kind = get().candidateKind;
      const live = get().liveSettings(kind === "simulated" ? "simulated" : "local", get().candidate);
      if (!live.ok) return live;
      try {
        const { httpCandidate } = await import("../../candidates/http/http-candidate.ts");
        return { ...live, candidate: httpCandidate(live.name, live.settings, deps.fetch) };
      } catch (error) {
        return { ok: false, message: unavailable("the HTTP candidate", error) };
      }
    },
    diagnoseNetwork(live) {
      return diagnoseNetworkFailure(deps.probeNetworkFailure, live.settings, live.shownBaseUrl, deps.pageOrigin);
    },
  });
