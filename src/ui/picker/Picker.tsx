import type { Fixture } from "../../schemas/fixture.ts";
import { OutcomeBadge } from "../shared/badges.tsx";

interface Props {
  fixtures: readonly Fixture[];
  fixtureId: string | null;
  candidate: string;
  onFixture(id: string): void;
  onCandidate(name: string): void;
}

/** Every fixture with its situation and expected outcome; below, the selected fixture's candidates. */
export function Picker({ fixtures, fixtureId, candidate, onFixture, onCandidate }: Props) {
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
          <h2>Candidates</h2>
          <p className="muted" style={{ marginTop: 0 }}>{selected.situation}</p>
          <ul className="candidate-list">
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
          </ul>
        </section>
      )}
    </>
  );
}
