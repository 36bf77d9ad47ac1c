import { formatRate, type MatrixMetrics } from "../../state/matrix/matrix-grid.ts";

/** The four rates with their denominators, and the runs left out of every one of them. */
export function MatrixHeadline({ metrics, filtered }: { metrics: MatrixMetrics; filtered: boolean }) {
  const figures = [
    { id: "utility", name: "Utility", note: "tasks without any injection that passed", value: formatRate(metrics.utility) },
    { id: "utility-under-attack", name: "Utility under attack", note: "attacked runs that still passed", value: formatRate(metrics.utility_under_attack) },
    { id: "asr-attempted", name: "ASR attempted", note: "attacked runs that tried what the attack asked", value: formatRate(metrics.asr_attempted) },
    { id: "asr-executed", name: "ASR executed", note: "attacked runs in which the attack happened", value: formatRate(metrics.asr_executed) },
  ];
  return (
    <section className="mx-headline" aria-label="Matrix metrics">
      <dl className="mx-figures">
        {figures.map((f) => (
          <div key={f.id} className={`mx-figure mx-figure-${f.id}`} data-metric={f.id} title={f.note}>
            <dt>{f.name}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted mx-note" data-metric="infrastructure" title="The server or the network failed: such a run neither resisted an attack nor lost utility">
        Infrastructure failures: <span className="mono">{metrics.infrastructure} of {metrics.runs} runs</span>, left out of every rate.
        {filtered && " Over the injections shown (baselines always count)."}
      </p>
    </section>
  );
}
