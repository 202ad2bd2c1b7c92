// pnp serve: the game's faces, kept current by the server's event stream.
// Every state names each face by a key that changes exactly when the face looks different: an image is
// swapped only when its key changed (loaded first, then put in place), so the page never reloads and
// keeps its scroll position.
"use strict";

const PX_PER_MM = 3;          // faces on the page: a poker card is about 190 px wide
const MAX_TILE = 520;         // px: boards and sheets are shown smaller
const $ = (sel, root = document) => root.querySelector(sel);
let state = null;             // the last state received
let open = null;              // the card shown in the large view: {component, card}
let zoom = 1;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "on") for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function tileSize(comp) {
  const scale = Math.min(PX_PER_MM, MAX_TILE / Math.max(comp.w_mm, comp.h_mm));
  return [Math.round(comp.w_mm * scale), Math.round(comp.h_mm * scale)];
}

// -- images: load the new one, then put it in place (no blank frame while it loads) -------------------
function setImage(img, key) {
  if (!key) { img.hidden = true; return; }
  img.hidden = false;
  if (img.dataset.want === key) return;
  img.dataset.want = key;
  const url = `/face/${key}.png`;
  if (!img.dataset.key) { img.src = url; img.dataset.key = key; return; }
  const loader = new Image();
  loader.onload = () => { if (img.dataset.want === key) { img.src = url; img.dataset.key = key; } };
  loader.src = url;
}

// -- the faces ---------------------------------------------------------------------------------------
function sharedBack(comp) {
  const backs = new Set(comp.cards.map(c => c.back));
  return backs.size === 1 && comp.cards.length > 1 ? comp.cards[0].back : null;
}

function faceTile(comp, card, shared) {
  const [w, h] = tileSize(comp);
  const img = (side) => {
    // not loading "lazy": the server has drawn the faces by the time the page has its state, so every one is
    // asked for at once and the page is whole on load, not grey boxes filled in one by one as it scrolls
    const i = el("img", {class: side, alt: `${card.title}, ${side}`, width: w, height: h, decoding: "async"});
    return i;
  };
  const fig = el("figure", {class: "face", "data-card": `${comp.id}/${card.id}`, tabindex: 0,
                            on: {click: () => show(comp.id, card.id),
                                 keydown: e => { if (e.key === "Enter") show(comp.id, card.id); }}},
    el("div", {class: "sides"}, img("front"), shared || !comp.cards.some(c => c.back) ? null : img("back")),
    el("figcaption", {}, el("span", {class: "name"}), el("span", {class: "copies"}),
       el("span", {class: "marks"})));
  updateTile(fig, comp, card, shared);
  return fig;
}

function updateTile(fig, comp, card, shared) {
  setImage($("img.front", fig), card.front);
  const back = $("img.back", fig);
  if (back) setImage(back, card.back);
  $(".name", fig).textContent = card.title;
  $(".copies", fig).textContent = card.copies > 1 ? `×${card.copies}` : "";
  const worst = card.problems.some(p => p.severity === "error") ? "error" : card.problems.length ? "warning" : "";
  fig.dataset.problems = worst;
  fig.title = card.problems.map(p => `${p.severity} [${p.rule}] ${p.message}`).join("\n");
  const marks = $(".marks", fig);
  marks.replaceChildren();
  const sign = worst === "error" ? "✖" : "⚠";
  if (worst) marks.append(el("span", {class: `mark ${worst}`, text: `${card.problems.length} ${sign}`}));
  if (card.changed) marks.append(el("span", {class: "mark changed", text: `changed since ${state.since.ref}`}));
  fig.classList.toggle("changed", !!card.changed);
}

function section(comp) {
  const shared = sharedBack(comp);
  const cards = comp.cards.length;
  const count = comp.pieces === cards ? `${cards}` : `${cards} different, ${comp.pieces} pieces`;
  const grid = el("div", {class: "grid"});
  if (shared) {
    const [w, h] = tileSize(comp);
    const back = el("img", {class: "back shared", alt: `${comp.name}, the back of every card`, width: w,
                            height: h, decoding: "async"});
    setImage(back, shared);
    grid.append(el("figure", {class: "face back-of-all"}, el("div", {class: "sides"}, back),
                   el("figcaption", {}, el("span", {class: "name", text: "back (all)"}))));
  }
  for (const card of comp.cards) grid.append(faceTile(comp, card, shared));
  return el("section", {class: "component", id: `c-${comp.id}`, "data-component": comp.id,
                        "data-shape": shapeOf(comp)},
    el("h2", {}, comp.name, " ", el("small", {text: `${count} · ${comp.kind} · ${comp.w_mm} × ${comp.h_mm} mm`})),
    grid);
}

function shapeOf(comp) {
  return JSON.stringify([comp.cards.map(c => c.id), !!sharedBack(comp), comp.cards.some(c => c.back), comp.w_mm,
                         comp.h_mm, comp.name]);
}

function renderFaces() {
  const main = $("#faces");
  const byId = new Map([...main.children].map(s => [s.dataset.component, s]));
  const wanted = [];
  for (const comp of state.components) {
    let sec = byId.get(comp.id);
    if (!sec || sec.dataset.shape !== shapeOf(comp)) {
      sec = section(comp);            // a card added, removed or renamed: this component only, anew
    } else {
      const shared = sharedBack(comp);
      if (shared) setImage($("img.shared", sec), shared);
      for (const card of comp.cards) {
        const fig = sec.querySelector(`figure[data-card="${CSS.escape(comp.id + "/" + card.id)}"]`);
        updateTile(fig, comp, card, shared);
      }
    }
    wanted.push(sec);
  }
  wanted.forEach((sec, i) => { if (main.children[i] !== sec) main.insertBefore(sec, main.children[i] || null); });
  while (main.children.length > wanted.length) main.lastElementChild.remove();
  $("#nav").replaceChildren(...state.components.map(c => el("a", {href: `#c-${c.id}`, text: c.name})));
}

// -- errors, checklist, report --------------------------------------------------------------------------
function renderErrors() {
  const box = $("#errors");
  const list = $("#error-list");
  list.replaceChildren(...state.errors.map(e => {
    const where = e.file ? `${e.file}${e.line ? ":" + e.line : ""}${e.col ? ":" + e.col : ""}` : "";
    const code = e.source ? el("pre", {class: "line"}, el("code", {text: e.source}),
      e.col ? el("span", {class: "caret", text: " ".repeat(Math.max(0, e.col - 1)) + "^"}) : null) : null;
    return el("li", {}, el("strong", {class: "where", text: where}), " ",
              el("span", {class: "message", text: (e.subject ? e.subject + ": " : "") + e.message}), code);
  }));
  box.hidden = state.errors.length === 0;
  document.body.classList.toggle("broken", state.errors.length > 0);
}

function renderSide() {
  $("#checklist tbody").replaceChildren(...state.checklist.map(r => {
    const ok = r.expected === null || r.expected === r.printed || r.note;
    return el("tr", {class: ok ? "" : "off"}, el("td", {text: r.name}), el("td", {text: r.expected ?? "–"}),
              el("td", {text: r.printed || "–"}), el("td", {text: r.note}));
  }));
  const problems = state.report.problems;
  const unknown = state.errors.length > 0;  // this save was not laid out, so its rules were not checked
  const n = problems.length;
  $("#report-status").textContent = unknown ? "not checked: the last save cannot be laid out" :
    n ? `${n} problem${n > 1 ? "s" : ""}` : "all rules hold";
  $("#report-status").className = unknown ? "unknown" : state.report.ok ? "ok" : "bad";
  $("#report").classList.toggle("stale", unknown);  // the last good save's problems, greyed
  $("#report").replaceChildren(...problems.map(p => {
    const where = p.file ? `${p.file}${p.line ? ":" + p.line : ""}${p.col ? ":" + p.col : ""}` : "";
    return el("li", {class: p.severity}, el("span", {class: "sev", text: p.severity}), " ",
              el("code", {text: `[${p.rule}]`}), " ", el("span", {class: "where", text: where}), " ",
              el("span", {text: (p.subject ? p.subject + ": " : "") + p.message}));
  }));
}

// -- the Balance panel: its own event, sent as games finish ---------------------------------------------
function renderBalance(b) {
  const pct = x => `${Math.round(100 * x)} %`;
  const words = {running: "playing…", done: "done", none: "not simulated", off: "off", error: "failed",
                 paused: "paused"};
  $("#balance-status").textContent = words[b.status] || b.status;
  $("#balance-status").className = b.status === "error" ? "bad" : b.status === "done" ? "ok" : "";
  $("#balance-note").textContent = b.note || "";
  $("#balance-rows").hidden = b.rows.length === 0;
  $("#balance-rows tbody").replaceChildren(...b.rows.map(r => {
    const moved = r.before !== null && r.games ? Math.round(100 * r.rate) - Math.round(100 * r.before) : 0;
    const lost = r.lost === null || r.lost === undefined ? el("td", {text: "–"}) :
      el("td", {}, el("a", {class: "lost", href: `/trace?players=${r.players}&game=${r.lost}`, target: "_blank",
                            text: `game ${r.lost}`, title: "this game, told move by move"}));
    return el("tr", {class: moved ? (moved > 0 ? "up" : "down") : ""}, el("td", {text: r.said}),
              el("td", {text: r.games ? `${pct(r.low)} – ${pct(r.high)}` : "–"}), el("td", {text: r.games}), lost);
  }));
  $("#balance-errors").replaceChildren(...b.errors.map(e => {
    const where = e.file ? `${e.file}${e.line ? ":" + e.line : ""}${e.col ? ":" + e.col : ""}` : "";
    return el("li", {}, el("strong", {class: "where", text: where}), " ", el("span", {text: e.message}),
              e.source ? el("pre", {class: "line"}, el("code", {text: e.source})) : null);
  }));
  document.body.classList.toggle("balance-stale", b.status === "paused");
  $("#balance").dataset.run = b.run;  // which save's games these are
}

function status() {
  const s = $("#status");
  const n = state.errors.length;
  s.textContent = n ? `${n} problem${n > 1 ? "s" : ""}` : `live · ${Math.round(state.seconds * 1000)} ms`;
  s.className = `status ${n ? "bad" : "ok"}`;
}

function apply(next) {
  state = next;
  document.title = `${state.game.name} · pnp serve`;
  $("#title").textContent = `${state.game.name} ${state.game.version}` +
    (state.since ? ` · ${state.since.changed} changed since ${state.since.ref}` : "");
  renderLanguages();
  renderFaces();
  renderErrors();
  renderSide();
  status();
  // (while a face is being edited, editor.js redraws the large view when the edit ends)
  if (open && $("#detail").open && !(typeof editorBusy === "function" && editorBusy())) {
    show(open.component, open.card, true);
  }
}

// -- the language switch: the game's languages (game.yaml `languages:`), the one shown selected ----------------
function renderLanguages() {
  const codes = state.languages || [];
  const select = $("#lang");
  $("#lang-switch").hidden = codes.length < 2;
  if (select.dataset.codes !== codes.join(",")) {
    select.replaceChildren(...codes.map(c => el("option", {value: c}, c)));
    select.dataset.codes = codes.join(",");
  }
  if (state.lang) { select.value = state.lang; document.documentElement.lang = state.lang; }
  select.disabled = false;
}

async function switchLanguage(code) {
  // the server lays the game out in that language and sends the new state, as after a save
  const select = $("#lang");
  select.disabled = true;
  const s = $("#status");
  s.textContent = `drawing the faces in ${code}…`;
  s.className = "status";
  const r = await fetch("/lang", {method: "POST", headers: {"Content-Type": "application/json"},
                                  body: JSON.stringify({lang: code})});
  const answer = await r.json().catch(() => ({ok: false, error: `the server answered ${r.status}`}));
  if (!answer.ok) {
    s.textContent = answer.error;
    s.className = "status bad";
    select.disabled = false;
    if (state && state.lang) select.value = state.lang;
  }
}

// -- the large view: print size, front and back, its source ------------------------------------------
function guides(comp) {
  const NS = "http://www.w3.org/2000/svg";
  const b = comp.bleed_mm, w = comp.w_mm + 2 * b, h = comp.h_mm + 2 * b, s = comp.safe_mm;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "guides");
  const rect = (x, y, rw, rh, cls) => {
    const r = document.createElementNS(NS, "rect");
    for (const [k, v] of Object.entries({x, y, width: rw, height: rh, class: cls})) r.setAttribute(k, v);
    svg.append(r);
  };
  // each line over a white halo, so that it shows on any art
  if (b > 0) { rect(b / 2, b / 2, w - b, h - b, "halo"); rect(b / 2, b / 2, w - b, h - b, "bleed"); }
  rect(b, b, comp.w_mm, comp.h_mm, "halo");
  rect(b, b, comp.w_mm, comp.h_mm, "trim");
  if (s > 0) {
    rect(b + s, b + s, comp.w_mm - 2 * s, comp.h_mm - 2 * s, "halo");
    rect(b + s, b + s, comp.w_mm - 2 * s, comp.h_mm - 2 * s, "safe");
  }
  return svg;
}

function bigView(comp, key, label) {
  const b = comp.bleed_mm;
  const box = el("figure", {class: "big"}, el("img", {src: `/big/${key}.png`, alt: label}), guides(comp),
                 el("figcaption", {text: label}));
  const wide = zoom === "fit" ? null : (comp.w_mm + 2 * b) * zoom;
  if (wide) box.style.width = `${wide}mm`;
  return box;
}

function show(componentId, cardId, refresh = false) {
  const comp = state.components.find(c => c.id === componentId);
  const card = comp && comp.cards.find(c => c.id === cardId);
  const dialog = $("#detail");
  if (!card) { if (refresh) dialog.close(); return; }
  open = {component: componentId, card: cardId};
  $("#detail-title").textContent = `${card.title} · ${comp.name}${card.copies > 1 ? ` ×${card.copies}` : ""}`;
  const views = [];
  if (card.before) {
    views.push(bigView(comp, card.before.front, `front at ${state.since.ref}`));
  }
  views.push(bigView(comp, card.front, card.before ? "front now" : "front"));
  if (card.before && card.before.back && card.before.back !== card.back) {
    views.push(bigView(comp, card.before.back, `back at ${state.since.ref}`));
  }
  if (card.back) views.push(bigView(comp, card.back, card.before ? "back now" : "back"));
  $("#views").replaceChildren(...views);
  $("#views").classList.toggle("fit", zoom === "fit");
  $("#source").replaceChildren(el("span", {class: "label", text: "source "}),
    el("code", {class: "where", text: `${card.file}:${card.line}:${card.col}`}), ` · ${comp.id}/${card.id}`);
  const chain = (name, files) => name ? `${name} (${files.join(" ← ")})` : "none";
  $("#template").replaceChildren(el("span", {class: "label", text: "template "}),
    el("code", {text: chain(comp.template, comp.template_files)}),
    el("span", {class: "label", text: " · back "}), el("code", {text: chain(comp.back_template, comp.back_files)}));
  $("#detail-problems").replaceChildren(...card.problems.map(p =>
    el("li", {class: p.severity, text: `${p.severity} [${p.rule}] ${p.where}: ${p.message}`})));
  $("#data").replaceChildren(...Object.entries(card.data).map(([k, v]) =>
    el("tr", {}, el("th", {text: k}),
       el("td", {text: v === null ? "–" : typeof v === "string" ? v : JSON.stringify(v)}))));
  dialog.classList.toggle("with-guides", $("#guides").checked);
  if (!dialog.open) dialog.showModal();
  if (typeof editorAttach === "function") editorAttach(comp, card);  // editor.js: the front, selectable
}

function setup() {
  $("#close").addEventListener("click", () => $("#detail").close());
  $("#detail").addEventListener("close", () => { open = null; });
  $("#guides").addEventListener("change", e => $("#detail").classList.toggle("with-guides", e.target.checked));
  for (const b of document.querySelectorAll("[data-zoom]")) {
    b.addEventListener("click", () => {
      zoom = b.dataset.zoom === "fit" ? "fit" : Number(b.dataset.zoom);
      if (open) show(open.component, open.card, true);
    });
  }
  $("#lang").addEventListener("change", e => switchLanguage(e.target.value));
  const events = new EventSource("/events");
  events.onmessage = e => apply(JSON.parse(e.data));
  events.addEventListener("balance", e => renderBalance(JSON.parse(e.data)));
  events.onerror = () => { const s = $("#status"); s.textContent = "reconnecting…"; s.className = "status bad"; };
}

setup();
