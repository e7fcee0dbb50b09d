import { LANDING_PAGE_STYLE } from '../docs/landing-page-style.ts'

/**
 * The booking pages' only style sheet: the landing page's look (colours, masthead, type) plus
 * forms, vehicle cards and price tables. Inlined, like /docs, so the page needs nothing from
 * another origin. One column on a phone; fields and buttons at least 44px tall for a thumb.
 */
export const BOOKING_PAGE_STYLE = `${LANDING_PAGE_STYLE}
:root { --error: #a1321d; --error-tint: #fdf0ed; }
h1 { margin-top: 1.5rem; }
h2 { margin-top: 2rem; }
main { padding-bottom: 1rem; }
.muted { color: var(--muted); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
form { margin: 0; }
fieldset { border: 0; padding: 0; margin: 0 0 1.25rem; min-width: 0; }
legend { font-weight: 700; font-size: 1.05rem; padding: 0; margin-bottom: 0.5rem; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
.hint { display: block; font-weight: 400; color: var(--muted); font-size: 0.92rem; }
input[type=text], input[type=email], input[type=tel], input[type=date], select {
  display: block; width: 100%; min-height: 2.75rem; padding: 0.45rem 0.6rem;
  font: inherit; color: var(--ink); background: var(--paper);
  border: 2px solid #6b7a72; border-radius: 6px;
}
select { padding-right: 2rem; }
/* The ring in the ink colour, clear of the element: the accent yellow on white was 1.8:1, under
   the 3:1 a focus indicator needs. */
input:focus, select:focus, button:focus, a:focus { outline: 3px solid var(--ink); outline-offset: 2px; }
/* On the green masthead the ink ring was 2.1:1; white is over 7:1. */
.masthead a:focus { outline-color: #fff; }
/* A field reached from the error summary keeps its label and its error in view above it. */
input, select, textarea { scroll-margin-top: 8rem; }
.error-summary:focus { outline: 3px solid var(--error); outline-offset: 2px; }
.field { margin: 0 0 1.1rem; }
.field-error { display: block; color: var(--error); font-weight: 700; margin: 0 0 0.3rem; overflow-wrap: anywhere; }
.field.has-error { border-left: 4px solid var(--error); padding-left: 0.75rem; }
.field.has-error input, .field.has-error select, .has-error > .options select { border-color: var(--error); }
button, .button {
  display: inline-block; min-height: 2.75rem; padding: 0.55rem 1.25rem;
  font: inherit; font-weight: 700; color: #fff; background: var(--brand);
  border: 0; border-radius: 6px; box-shadow: 0 2px 0 var(--brand-dark);
  cursor: pointer; text-decoration: none; text-align: center;
}
button:hover, .button:hover { background: var(--brand-dark); color: #fff; }
.search-form { background: var(--tint); border: 1px solid var(--line); border-radius: 10px; padding: 1.1rem 1.1rem 0.4rem; margin: 1rem 0 1.5rem; }
.search-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 1.25rem; }
.search-form button { margin-bottom: 1rem; }
details.change-search { margin: 1rem 0; }
details.change-search summary { cursor: pointer; color: var(--brand); font-weight: 600; min-height: 2.75rem; display: flex; align-items: center; }
details.change-search .search-form { margin-top: 0.25rem; }
.error-summary { border: 3px solid var(--error); border-radius: 8px; padding: 0.75rem 1rem; margin: 1.25rem 0; background: var(--paper); }
.error-summary h2 { border: 0; padding: 0; margin: 0 0 0.4rem; font-size: 1.15rem; color: var(--error); }
.error-summary ul { margin: 0; padding-left: 1.1rem; }
.error-summary a { color: var(--error); font-weight: 600; overflow-wrap: anywhere; }
.notice { border-left: 6px solid var(--accent); background: #fff8e6; border-radius: 6px; padding: 0.75rem 1rem; margin: 1.25rem 0; }
.notice.problem { border-left-color: var(--error); background: var(--error-tint); }
.notice p { margin: 0.25rem 0; overflow-wrap: anywhere; }
.notice strong { display: block; font-size: 1.05rem; }
.search-summary { color: var(--muted); font-size: 1.05rem; margin: 0.25rem 0 0; }
.vehicles { list-style: none; padding: 0; margin: 1.25rem 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(min(19rem, 100%), 1fr)); gap: 1.25rem; }
.vehicle { border: 1px solid var(--line); border-radius: 12px; overflow: hidden; background: var(--paper); display: flex; flex-direction: column; }
.vehicle img { display: block; width: 100%; height: auto; aspect-ratio: 16 / 9; object-fit: contain; background: var(--tint); }
.vehicle-body { padding: 0.9rem 1rem 1rem; display: flex; flex-direction: column; flex: 1; }
.vehicle h2 { border: 0; padding: 0; margin: 0 0 0.5rem; font-size: 1.25rem; }
.terms { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.4rem 1rem; margin: 0 0 1rem; }
.terms div { border-bottom: 1px solid var(--line); padding-bottom: 0.3rem; }
.terms dt { font-size: 0.85rem; color: var(--muted); }
.terms dd { margin: 0; font-weight: 700; font-size: 1.05rem; overflow-wrap: anywhere; }
.vehicle form { flex: 1; display: flex; flex-direction: column; }
.vehicle form button { margin-top: auto; }
details.accessories { margin: 0 0 1.1rem; border: 1px solid var(--line); border-radius: 6px; padding: 0 0.6rem; }
details.accessories summary { cursor: pointer; font-weight: 700; min-height: 2.75rem; padding: 0.45rem 0; }
details.accessories summary .hint { display: inline; margin-left: 0.35rem; font-weight: 400; font-size: 0.88rem; }
details.accessories[open] summary { margin-bottom: 0.25rem; }
details.accessories fieldset { margin-bottom: 0.75rem; }
.options { display: grid; gap: 0.6rem; }
.option { display: grid; grid-template-columns: minmax(0, 1fr) 5.5rem; gap: 0.6rem; align-items: center; }
.option label { margin: 0; }
.choice { display: flex; gap: 0.6rem; align-items: flex-start; padding: 0.45rem 0.5rem; border: 1px solid var(--line); border-radius: 6px; }
.choice input { width: 1.35rem; height: 1.35rem; margin: 0.15rem 0 0; flex: none; accent-color: var(--brand); }
.choice label { margin: 0; font-weight: 400; }
.choice label strong { font-weight: 700; }
.vehicle button { width: 100%; }
.layout { display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); gap: 2rem; align-items: start; }
.panel { border: 1px solid var(--line); border-radius: 12px; padding: 0 1.1rem 1.1rem; }
.panel h2 { margin-top: 1rem; }
.rental { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.35rem 1rem; margin: 0 0 1rem; }
.rental dt { color: var(--muted); }
.rental dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.rental .field-error { grid-column: 1 / -1; }
table.price { margin: 0.5rem 0 0.75rem; }
table.price th { background: none; font-weight: 600; }
table.price td.amount, table.price th.amount { text-align: right; white-space: nowrap; }
table.price th .hint { font-size: 0.88rem; }
table.price tr.total .hint { font-weight: 400; font-size: 0.88rem; }
table.price tr.gst th, table.price tr.gst td { color: var(--muted); font-size: 0.92rem; }
table.price tr.subtotal td, table.price tr.subtotal th { border-bottom-width: 2px; }
table.price tr.total th, table.price tr.total td { font-size: 1.15rem; font-weight: 800; border-bottom: 3px solid var(--ink); }
table.price tr.line th { font-weight: 400; padding-left: 1.4rem; }
.expiry { background: var(--tint); border-radius: 6px; padding: 0.5rem 0.75rem; }
.confirmed { background: var(--brand); color: #fff; border-radius: 12px; padding: 1rem 1.25rem; margin: 1.5rem 0; }
.confirmed h1 { margin: 0 0 0.25rem; }
.confirmed p { margin: 0.25rem 0; }
.reference { font: 700 clamp(1.6rem, 7vw, 2.2rem)/1.2 ui-monospace, Menlo, Consolas, monospace; letter-spacing: 0.08em; }
.depots { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(min(15rem, 100%), 1fr)); gap: 0.75rem; }
.depots li { border: 1px solid var(--line); border-radius: 8px; padding: 0.6rem 0.8rem; }
.depots h3 { margin: 0 0 0.2rem; font-size: 1.05rem; }
.depots p { margin: 0.15rem 0; font-size: 0.92rem; }
.depot-facts { display: flex; flex-direction: column; gap: 0.1rem; font-weight: 400; font-size: 0.92rem; margin-top: 0.2rem; }
.depot-facts a { overflow-wrap: anywhere; }
.facts-list { display: flex; flex-wrap: wrap; gap: 0.35rem; list-style: none; padding: 0; margin: 0 0 0.75rem; }
.facts-list li { background: var(--tint); border: 1px solid var(--line); border-radius: 999px; padding: 0.1rem 0.6rem; font-size: 0.88rem; }
label.check { display: flex; gap: 0.5rem; align-items: flex-start; font-weight: 400; }
label.check input { width: 1.25rem; height: 1.25rem; margin-top: 0.1rem; flex: none; }
button.danger { background: var(--error); box-shadow: 0 2px 0 #6e2112; }
button.danger:hover { background: #6e2112; }
fieldset.times { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 1rem; }
fieldset.times legend { grid-column: 1 / -1; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem 1.25rem; align-items: center; margin: 1.25rem 0; }
@media (max-width: 48rem) {
  .layout { grid-template-columns: minmax(0, 1fr); gap: 0.5rem; }
}
@media (max-width: 40rem) {
  .search-grid { grid-template-columns: minmax(0, 1fr); }
  .vehicles { grid-template-columns: minmax(0, 1fr); }
  .panel { padding: 0 0.8rem 0.9rem; }
  table.price { font-size: 0.92rem; }
  table.price th, table.price td { padding: 0.4rem 0.3rem; }
  button, .button { width: 100%; }
}
/* A small phone zoomed in (320 px at 200% is 160 CSS px): one column everywhere, the masthead and
   the price lines wrapping, so that nothing is cut off or needs scrolling sideways. */
@media (max-width: 22rem) {
  .masthead .wrap { flex-wrap: wrap; }
  .masthead a { margin-left: 0; }
  .rental, .terms, fieldset.times, .option { grid-template-columns: minmax(0, 1fr); }
  table.price, table.price tbody, table.price tr, table.price th, table.price td { display: block; }
  table.price td.amount, table.price th.amount { text-align: left; white-space: normal; }
  table.price tr.line th { padding-left: 0; }
  /* A word or an address wider than the screen breaks rather than pushing the page sideways. */
  main, footer { overflow-wrap: anywhere; }
  h1 { font-size: 1.45rem; }
  /* The width goes to the content: an amount such as NZ$1,168.00 stays on one line. */
  .wrap { padding: 0 0.6rem; }
  .panel { padding: 0 0.5rem 0.6rem; }
  table.price tr.total th, table.price tr.total td { font-size: 1.05rem; }
  .reference { font-size: 1.2rem; letter-spacing: 0.02em; }
}
`
