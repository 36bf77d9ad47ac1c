/**
 * The steps a recharts chart is drawn in (useSteps), each a task of its own after the step before has
 * painted: recharts' first render of a whole chart is one task it cannot slice (its store re-renders
 * every part synchronously after each commit), tens of milliseconds. Each part is added in a step after
 * the chart itself, so no step mounts more than one axis or one set of marks:
 * - `frame`: the chart's surface alone (its store, its size);
 * - `xAxis`, `yAxis`: one axis each;
 * - `marks`: the grid with the bars or lines. The grid waits for both axes: drawn sooner, it was laid out
 *   against the stand-in axes recharts uses until the real ones are in its store, whose default
 *   `interval` measures each tick label in the page (a forced layout each);
 * - `labels`: the values written on the bars;
 * - `tooltip`: last, as nothing is shown until it is pointed at.
 */
export const CHART_STEP = { frame: 1, xAxis: 2, yAxis: 3, marks: 4, labels: 5, tooltip: 6 } as const;

/** How many steps a chart takes: the last one. */
export const CHART_STEPS = CHART_STEP.tooltip;
