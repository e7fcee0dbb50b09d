/**
 * The landing page's only style sheet, inlined so the page needs nothing from another origin
 * (and no second request). System fonts; one column that fits a phone; code scrolls sideways
 * inside its own box rather than widening the page.
 */
export const LANDING_PAGE_STYLE = `
:root {
  color-scheme: light;
  --ink: #1c2420;
  --muted: #4f5d56;
  --brand: #17603f;
  --brand-dark: #0f4029;
  --accent: #f2b632;
  --line: #d8e0dc;
  --paper: #ffffff;
  --tint: #f3f7f5;
  --code: #0f1f18;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink);
  background: var(--paper);
}
.wrap { max-width: 54rem; margin: 0 auto; padding: 0 1.25rem; }
a { color: var(--brand); text-underline-offset: 0.15em; }
a:hover { color: var(--brand-dark); }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; }
:not(pre) > code {
  font-size: 0.9em;
  background: var(--tint);
  border: 1px solid var(--line);
  border-radius: 4px;
  padding: 0 0.25em;
  overflow-wrap: anywhere;
}
.masthead { background: var(--brand); color: #fff; }
.masthead .wrap { display: flex; align-items: center; gap: 0.75rem; padding-top: 0.75rem; padding-bottom: 0.75rem; }
.masthead img { display: block; border-radius: 10px; }
.masthead p { margin: 0; font-weight: 600; letter-spacing: 0.01em; }
.masthead a { color: #fff; margin-left: auto; font-size: 0.95rem; }
h1 { font-size: clamp(1.75rem, 5vw, 2.4rem); line-height: 1.2; margin: 1.75rem 0 0.5rem; }
h2 {
  font-size: 1.5rem;
  line-height: 1.25;
  margin: 2.75rem 0 0.75rem;
  padding-top: 0.75rem;
  border-top: 3px solid var(--accent);
}
h3 { font-size: 1.15rem; line-height: 1.3; margin: 1.75rem 0 0.5rem; }
.lead { font-size: 1.15rem; color: var(--muted); }
.lead p { margin: 0 0 1rem; }
.facts { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; padding: 0; margin: 1rem 0; }
.facts li { background: var(--tint); border: 1px solid var(--line); border-radius: 999px; padding: 0.2rem 0.8rem; font-size: 0.95rem; }
.facts li code { border: 0; background: none; padding: 0; }
.documents { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 0.75rem; list-style: none; padding: 0; margin: 1.25rem 0; }
.documents li { border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 0.9rem; background: var(--paper); }
.documents a { font-weight: 600; }
.documents span { display: block; color: var(--muted); font-size: 0.92rem; }
.toc ol { columns: 2 12rem; padding-left: 1.25rem; margin: 0.5rem 0; }
.toc { background: var(--tint); border-radius: 8px; padding: 0.75rem 1rem; margin: 1.5rem 0; }
.toc h2 { font-size: 1rem; border: 0; margin: 0; padding: 0; }
.step { border-left: 4px solid var(--line); padding-left: 1rem; margin: 1.75rem 0; }
.step h3 { margin-top: 0; }
.step-number {
  display: inline-block; min-width: 1.6em; height: 1.6em; margin-right: 0.4em;
  border-radius: 50%; background: var(--brand); color: #fff;
  text-align: center; font-size: 0.85em; line-height: 1.6em;
}
.label { margin: 0.75rem 0 0.25rem; font-size: 0.8rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); }
.status { font-family: ui-monospace, Menlo, Consolas, monospace; color: var(--brand); }
.status-error { color: #a1321d; }
pre {
  margin: 0;
  padding: 0.75rem 0.9rem;
  overflow-x: auto;
  border-radius: 8px;
  font-size: 0.85rem;
  line-height: 1.45;
  -webkit-overflow-scrolling: touch;
}
/* Wrapped rather than scrolled, so a long URL or note is read whole on a phone. */
pre.request, pre.response { white-space: pre-wrap; overflow-wrap: anywhere; }
pre.request { background: var(--code); color: #e8f3ec; }
pre.response { background: var(--tint); border: 1px solid var(--line); }
.callout { background: #fff8e6; border: 1px solid #f1d68f; border-radius: 8px; padding: 0.75rem 1rem; margin: 1.25rem 0; }
.callout p { margin: 0.25rem 0; }
table { border-collapse: collapse; width: 100%; font-size: 0.95rem; margin: 1rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.45rem 0.6rem; border-bottom: 1px solid var(--line); }
th { background: var(--tint); }
td.codes code { display: inline-block; margin: 0 0.2rem 0.2rem 0; }
.operations { margin: 1rem 0; }
.operations dt { margin-top: 0.6rem; }
.operations dd { margin: 0 0 0 1rem; color: var(--muted); }
.operations dd.example { font-size: 0.9em; overflow-wrap: anywhere; }
.operation-id { font-size: 0.85rem; color: var(--muted); }
footer { margin-top: 3rem; padding: 1.5rem 0 2.5rem; border-top: 1px solid var(--line); color: var(--muted); font-size: 0.92rem; }
@media (max-width: 40rem) {
  /* Wrapping would break JSON's indentation on almost every line: scroll it sideways instead. */
  pre.response { white-space: pre; overflow-wrap: normal; }
  /* A table becomes one block per row, each cell labelled, rather than a too-wide grid. */
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  table.stack tr { display: block; padding: 0.5rem 0; border-bottom: 1px solid var(--line); }
  table.stack td { display: block; border: 0; padding: 0.15rem 0; }
  table.stack td::before { content: attr(data-label) ": "; font-weight: 600; }
}
@media (max-width: 30rem) {
  body { font-size: 15px; }
  .wrap { padding: 0 0.9rem; }
  pre { font-size: 0.78rem; }
  .step { padding-left: 0.7rem; }
}
`
