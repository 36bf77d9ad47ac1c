// The report's one style sheet, inlined: system fonts only, nothing fetched, readable when printed.
export const REPORT_CSS = `
:root { color-scheme: light; --ink: #1d2433; --muted: #5b6475; --line: #d9dee7; --bg: #f6f7f9;
  --pass: #17663a; --pass-bg: #e3f4ea; --fail: #a61b1b; --fail-bg: #fbe5e5; --warn: #8a5300; --warn-bg: #fdf0d9;
  --info: #1b4f9c; --info-bg: #e4edfb; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
main { max-width: 1200px; margin: 0 auto; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 8px; }
h3 { font-size: 14px; margin: 18px 0 6px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.sub, .note { color: var(--muted); margin: 0 0 8px; }
code, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; }
.seal { border-radius: 6px; padding: 10px 14px; margin: 12px 0; border: 1px solid; }
.seal-verified { color: var(--pass); background: var(--pass-bg); border-color: #9fd3b3; }
.seal-unsealed { color: var(--warn); background: var(--warn-bg); border-color: #ecc77f; }
.seal-broken { color: var(--fail); background: var(--fail-bg); border-color: #e9a3a3; }
.seal-unknown { color: var(--muted); background: #fff; border-color: var(--line); }
.stats { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
.stat { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 10px 16px; min-width: 120px; }
.stat b { display: block; font-size: 22px; }
.stat.pass b { color: var(--pass); } .stat.fail b { color: var(--fail); } .stat.warn b { color: var(--warn); }
table { border-collapse: collapse; width: 100%; background: #fff; border: 1px solid var(--line); }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { background: #eef1f5; font-weight: 600; }
td.wrap, .message, .reply { white-space: pre-wrap; overflow-wrap: anywhere; }
.badge { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 12px; font-weight: 600; white-space: nowrap; }
.pass { color: var(--pass); } .badge.pass { background: var(--pass-bg); }
.fail { color: var(--fail); } .badge.fail { background: var(--fail-bg); }
.na { color: var(--muted); } .badge.na { background: #eceff3; }
.badge.denied, tr.denied td.what { color: var(--warn); } .badge.denied { background: var(--warn-bg); }
.badge.disclosed, tr.disclosed td.what { color: var(--info); } .badge.disclosed { background: var(--info-bg); }
.badge.out-of-scope, tr.out-of-scope td.what { color: var(--fail); } .badge.out-of-scope { background: var(--fail-bg); }
tr.denied { background: #fffaf0; } tr.disclosed { background: #f5f9ff; } tr.out-of-scope, tr.error { background: #fff6f6; }
tr.error td.what { color: var(--fail); }
td.mono, .matrix a { white-space: nowrap; }
details.run { background: #fff; border: 1px solid var(--line); border-radius: 8px; margin: 10px 0; padding: 0 16px; }
details.run > .anchor { display: block; scroll-margin-top: 56px; }
details.run > summary { cursor: pointer; padding: 12px 0; font-weight: 600; }
details.run[open] > summary { border-bottom: 1px solid var(--line); margin-bottom: 8px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.message { background: #f8f9fb; border-left: 3px solid var(--line); padding: 8px 12px; margin: 0; }
footer { color: var(--muted); margin: 32px 0 16px; font-size: 12px; }
@media print { body { background: #fff; } details.run { break-inside: avoid; } }
`;
