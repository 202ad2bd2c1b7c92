// pnp serve: the game's rulebook as HTML, made by the server from rulebook.md as `pnp build` makes the PDF.
// The server escapes every text and links only the game's own face images; the page fetches the content
// again after every save (each state on the event stream).
"use strict";

const $ = sel => document.querySelector(sel);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v) node.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function where(e) {
  return e.file ? `${e.file}${e.line ? ":" + e.line : ""}${e.col ? ":" + e.col : ""}` : "";
}

function show(book) {
  document.title = `${book.game.name} · rulebook · pnp serve`;
  $("#title").textContent = `${book.game.name} ${book.game.version} · rulebook`;
  $("#book").innerHTML = book.missing ?
    "<p class=\"note\">This game has no rulebook yet: write cards/GAME/rulebook.md (docs/rulebook.md).</p>" :
    book.html;
  $("#book").classList.toggle("stale", book.stale);
  $("#error-list").replaceChildren(...book.errors.map(e => {
    const code = e.source ? el("pre", {class: "line"}, el("code", {}, e.source),
      e.col ? el("span", {class: "caret"}, " ".repeat(Math.max(0, e.col - 1)) + "^") : null) : null;
    return el("li", {}, el("strong", {class: "where"}, where(e)), " ",
              el("span", {class: "message"}, (e.subject ? e.subject + ": " : "") + e.message), code);
  }));
  $("#errors").hidden = book.errors.length === 0;
  const s = $("#status");
  s.textContent = book.errors.length ? `${book.errors.length} problem${book.errors.length > 1 ? "s" : ""}` : "live";
  s.className = `status ${book.errors.length ? "bad" : "ok"}`;
}

let asked = 0;
async function load() {
  const mine = ++asked;
  const response = await fetch("/rulebook.json", {cache: "no-store"});
  if (response.ok && mine === asked) show(await response.json());
}

const events = new EventSource("/events");
events.onmessage = () => load();
events.onerror = () => { const s = $("#status"); s.textContent = "reconnecting…"; s.className = "status bad"; };
