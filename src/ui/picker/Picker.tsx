import { memo } from "react";
import type { Fixture } from "../../schemas/fixture.ts";
import type { CandidateKindChoice } from "../../state/model/model-slice.ts";
import { OutcomeBadge } from "../shared/badges.tsx";
import { visible } from "../shared/inert.ts";
import { useRovingList } from "../shared/roving.ts";
import { RunButton } from "../RunButton.tsx";
import { FIXTURES_ID } from "../SkipLinks.tsx";
import { LocalModelForm, SimulatedModelPicker } from "./LiveCandidates.tsx";
import { McpAgentWatch } from "./McpAgentWatch.tsx";

interface Props {
  fixtures: readonly Fixture[];
  fixtureId: string | null;
  candidate: string;
  kind: CandidateKindChoice;
  onFixture(id: string): void;
  onCandidate(name: string): void;
  onKind(kind: CandidateKindChoice): void;
}

const KINDS: { kind: CandidateKindChoice; label: string }[] = [
  { kind: "scripted", label: "Scripted" },
  { kind: "simulated", label: "Simulated model" },
  { kind: "local", label: "Local model" },
  { kind: "mcp", label: "MCP agent" },
];
const KIND_KEYS = KINDS.map((k) => k.kind);

/** What the picker's Run button names: the candidate a run of this kind would start. */
function runTarget(kind: CandidateKindChoice, candidate: string): string {
  if (kind === "local") return "local model";
  return kind === "simulated" ? `simulated ${visible(candidate)}` : visible(candidate);
}

/**
 * Every fixture with its situation and expected outcome; below, the selected fixture's candidates,
 * and Run right after them. Each list is one Tab stop: arrows move the focus through it (a letter
 * jumps among the fixtures), Enter picks; the kind tabs select as the arrows move.
 * Memoized: the run view re-renders at every cursor move, which changes nothing here.
 */
export const Picker = memo(function Picker({ fixtures, fixtureId, candidate, kind, onFixture, onCandidate, onKind }: Props) {
  const selected = fixtures.find((f) => f.id === fixtureId);
  const fixtureList = useRovingList(
    fixtures.map((f) => f.id),
    fixtureId,
    { orientation: "vertical", typeAhead: true },
  );
  const kindTabs = useRovingList(KIND_KEYS, kind, { orientation: "horizontal", onMove: onKind });
  const candidateNames = selected ? Object.keys(selected.candidates) : [];
  const candidateList = useRovingList(candidateNames, candidate, { orientation: "vertical" });
  return (
    <>
      <section className="panel" aria-label="Fixtures">
        <h2>Fixtures</h2>
        <ul className="fixture-list" id={FIXTURES_ID} {...fixtureList.listProps}>
          {fixtures.map((f) => (
            <li key={f.id}>
              <button type="button" aria-current={f.id === fixtureId} onClick={() => onFixture(f.id)} data-fixture={f.id} title={f.situation} {...fixtureList.item(f.id)}>
                <span className="title">{f.title}</span>
                <span className="meta">
                  <span className="mono">{f.id}</span> <OutcomeBadge outcome={f.expected.outcome} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {selected && (
        <section className="panel" aria-label="Candidates">
          <h2>Candidate</h2>
          <p className="muted" style={{ marginTop: 0 }}>{selected.situation}</p>
          <div className="tabs" role="tablist" aria-label="Candidate kind" style={{ marginBottom: 8 }} {...kindTabs.listProps}>
            {KINDS.map((k) => (
              <button key={k.kind} type="button" role="tab" aria-selected={kind === k.kind} onClick={() => onKind(k.kind)} {...kindTabs.item(k.kind)}>
                {k.label}
              </button>
            ))}
          </div>
          {kind === "simulated" && <SimulatedModelPicker fixture={selected} candidate={candidate} />}
          {kind === "local" && <LocalModelForm />}
          {kind === "mcp" && <McpAgentWatch />}
          {kind === "scripted" && <ul className="candidate-list" {...candidateList.listProps}>
            {Object.entries(selected.candidates).map(([name, c]) => (
              <li key={name}>
                <button type="button" aria-current={name === candidate} onClick={() => onCandidate(name)} data-candidate={name} {...candidateList.item(name)}>
                  <span className="mono">
                    <strong>{name}</strong>
                  </span>
                  <span className="meta">{c.description}</span>
                </button>
              </li>
            ))}
          </ul>}
          {kind !== "mcp" && (
            <div className="picker-run">
              <RunButton target={runTarget(kind, candidate)} />
            </div>
          )}
        </section>
      )}
    </>
  );
});
