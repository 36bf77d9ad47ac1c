import { embeddedFixtures } from "../state/embedded-fixtures.ts";

/** Placeholder until the workbench lands: lists the embedded fixtures and their candidates. */
export function App() {
  if (!embeddedFixtures.ok) {
    return (
      <main>
        <h1>finbound</h1>
        <p role="alert">Invalid fixtures:</p>
        <ul>{embeddedFixtures.errors.map((e) => <li key={e.file}>{e.message}</li>)}</ul>
      </main>
    );
  }
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 900, margin: "2rem auto" }}>
      <h1>finbound workbench</h1>
      <p>A bounded runtime for financial agents. {embeddedFixtures.fixtures.length} fixtures embedded.</p>
      <ul>
        {embeddedFixtures.fixtures.map((f) => (
          <li key={f.id}>
            <strong>{f.id}</strong> — {f.title} (expected <code>{f.expected.outcome}</code>): {Object.keys(f.candidates).join(", ")}
          </li>
        ))}
      </ul>
    </main>
  );
}
