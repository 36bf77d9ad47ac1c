import type { Injection } from "../../schemas/injection.ts";
import type { GridCell, MatrixGrid } from "../../state/matrix/matrix-grid.ts";
import { CARRIER_SHORT, GOAL_SHORT, PHRASING_SHORT, spaced } from "./labels.ts";

const ATTACK_WORD: Partial<Record<GridCell["tone"], string>> = { executed: "exec", blocked: "blocked", infrastructure: "infra" };

/** What a cell says at a glance (its accessible name says it in words). */
function CellFace({ cell }: { cell: GridCell }) {
  if (cell.tone === "skipped") return <span aria-hidden="true">·</span>;
  if (cell.tone === "pending") return null;
  const word = ATTACK_WORD[cell.tone];
  const many = cell.counted > 1;
  const attackCount = cell.tone === "executed" ? cell.executed : cell.attempted;
  return (
    <span aria-hidden="true" className="face">
      {word && (
        <span className="attack">
          {word}
          {many && cell.tone !== "infrastructure" ? ` ${attackCount}/${cell.counted}` : ""}
        </span>
      )}
      {cell.utility && (
        <span className="util">
          {cell.utility === "lost" ? "✗" : "✓"}
          {many && cell.utility !== "lost" ? ` ${cell.passed}/${cell.counted}` : ""}
        </span>
      )}
    </span>
  );
}

/**
 * A cell's accessible name: its label, after the short word the cell shows where the label does not
 * say it ("exec", "infra"), so that someone who asks for the cell by what they see (voice control) finds it.
 */
function cellName(cell: GridCell): string {
  const word = ATTACK_WORD[cell.tone];
  return word === undefined || cell.label.split(/\W+/).includes(word) ? cell.label : `${word} — ${cell.label}`;
}

const tooltip = (cell: GridCell): string => [cell.label, ...cell.detail.slice(0, 4), ...(cell.open === null ? [] : ["Click to open the run in the timeline."])].join("\n");

function InjectionHead({ injection }: { injection: Injection | null }) {
  if (injection === null) {
    return (
      <th scope="col" className="inj baseline" title="The task alone, without any injection: the utility baseline">
        <span className="inj-id">no injection</span>
        <span className="codes">
          <span>baseline</span>
        </span>
      </th>
    );
  }
  return (
    <th
      scope="col"
      className="inj"
      data-injection={injection.id}
      data-carrier={injection.carrier}
      data-goal={injection.goal}
      title={`${injection.id} — ${injection.title}\ncarrier: ${spaced(injection.carrier)}\ngoal: ${spaced(injection.goal)}\nphrasing: ${spaced(injection.phrasing)}`}
    >
      <span className="inj-id">{injection.id}</span>
      <span className="codes">
        <span>{CARRIER_SHORT[injection.carrier]}</span>
        <span>{GOAL_SHORT[injection.goal]}</span>
        <span>{PHRASING_SHORT[injection.phrasing]}</span>
      </span>
    </th>
  );
}

/** Tasks as rows, the baseline and each shown injection as columns; a cell opens its run. */
export function AttackGrid({ grid, onOpen }: { grid: MatrixGrid; onOpen(index: number): void }) {
  return (
    // A Tab stop of its own: on a narrow screen the grid scrolls sideways in this box, and before a run its cells are not buttons, so nothing else in it would let a keyboard scroll it.
    <div className="mx-grid-wrap" data-testid="attack-matrix" tabIndex={0} role="region" aria-label="Attack matrix grid">
      <table className="mx-grid">
        <caption className="sr-only">Attack matrix: tasks as rows, injections as columns. Each cell opens its run in the timeline.</caption>
        <thead>
          <tr>
            <th scope="col" className="task-head">
              <span className="muted">task ╲ injection</span>
            </th>
            {grid.columns.map((injection) => (
              <InjectionHead key={injection?.id ?? "baseline"} injection={injection} />
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.task.fixture} data-task={row.task.fixture}>
              <th scope="row" className="task mono" title={`${row.task.fixture}: a ${spaced(row.task.kind)} task${row.task.rests_on.length ? `; its answer rests on the ${row.task.rests_on.map(spaced).join(", ")}` : ""}`}>
                {row.task.fixture}
              </th>
              {row.cells.map((cell) => {
                const className = `mx-cell tone-${cell.tone}${cell.utility ? ` util-${cell.utility}` : ""}`;
                const open = cell.open;
                return (
                  <td key={cell.id} data-cell={cell.id} data-tone={cell.tone} {...(cell.utility ? { "data-utility": cell.utility } : {})}>
                    {open === null ? (
                      <span className={className} role="img" aria-label={cellName(cell)} title={cell.tone === "skipped" ? `Not meaningful: ${cell.detail[0] ?? ""}` : cell.label}>
                        <CellFace cell={cell} />
                      </span>
                    ) : (
                      <button type="button" className={className} aria-label={cellName(cell)} title={tooltip(cell)} onClick={() => onOpen(open)}>
                        <CellFace cell={cell} />
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the colours and marks mean. */
export function GridLegend() {
  const items = [
    { tone: "executed", text: "attack executed (disclosed, leaked, unbacked figure)", face: "exec" },
    { tone: "blocked", text: "attempted, blocked by the boundary", face: "blocked" },
    { tone: "clean util-passed", text: "task passed", face: "✓" },
    { tone: "clean util-lost", text: "task failed: utility lost", face: "✗" },
    { tone: "skipped", text: "pair not meaningful (tooltip says why)", face: "·" },
  ];
  return (
    <ul className="mx-legend" aria-label="Legend">
      {items.map((i) => (
        <li key={i.tone}>
          <span className={`mx-cell swatch tone-${i.tone}`} aria-hidden="true">
            {i.face}
          </span>
          {i.text}
        </li>
      ))}
    </ul>
  );
}
