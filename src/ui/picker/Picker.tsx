import { memo } from "react";
import type { Fixture } from "../../schemas/fixture.ts";
import type { CandidateKindChoice } from "../../state/model-slice.ts";
import { OutcomeBadge } from "../shared/badges.tsx";
import { LocalModelForm, SimulatedModelPicker } from "./LiveCandidates.tsx";

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
];

/**
 * Every fixture with its situation and expected outcome; below, the selected fixture's candidates.
 * Memoized: the run view re-renders at every cursor move, which changes nothing here.
 */
export const Picker = memo(function Picker({ fixtures, fixtureId, candidate, kind, onFixture, onCandidate, onKind }: Props) {
  const selected = fixtures.find((f) => f.id === fixtureId);
  return (
    <>
      <section className="panel" aria-label="Fixtures">
        <h2>Fixtures</h2>
        <ul className="fixture-list">
          {fixtures.map((f) => (
            <li key={f.id}>
              <button type="button" aria-current={f.id === fixtureId} onClick={() => onFixture(f.id)} data-fixture={f.id} title={f.situation}>
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
          <div className="tabs" role="tablist" aria-label="Candidate kind" style={{ marginBottom: 8 }}>
            {KINDS.map((k) => (
              <button key={k.kind} type="button" role="tab" aria-selected={kind === k.kind} onClick={() => onKind(k.kind)}>
                {k.label}
              </button>
            ))}
          </div>
          {kind === "simulated" && <SimulatedModelPicker fixture={selected} candidate={candidate} />}
          {kind === "local" && <LocalModelForm />}
          {kind === "scripted" && <ul className="candidate-list">
            {Object.entries(selected.candidates).map(([name, c]) => (
              <li key={name}>
                <button type="button" aria-current={name === candidate} onClick={() => onCandidate(name)} data-candidate={name}>
                  <span className="mono">
                    <strong>{name}</strong>
                  </span>
                  <span className="meta">{c.description}</span>
                </button>
              </li>
            ))}
          </ul>}
        </section>
      )}
    </>
  );
});
