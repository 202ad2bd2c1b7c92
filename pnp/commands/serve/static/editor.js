// pnp serve: edit a face in the large view. Select an element, drag it or its edges, or type its place, size,
// font size or colour in the panel; double-click a text to edit the card's own words. Every edit is sent to
// the server (POST /edit, with the page's token), which writes the template's or the deck's YAML; the save
// then flows through the normal loop and the page redraws. Undo (the button, or Ctrl+Z) puts the file back.
"use strict";

const TOKEN = document.querySelector('meta[name="pnp-token"]').content;
const EDGE_PX = 6;            // a press this close to a selected box's edge drags that edge
const SNAP_MM = 1.5;          // an edge this close to the safe zone's line lands on it
const ed = {on: false, snap: true, comp: null, card: null, elements: [], selected: null, busy: false, missed: false};

// While a drag or a text is under way, a new state does not redraw the large view under it (app.js asks);
// the view catches up once the edit ends.
function editorBusy() { if (ed.busy) ed.missed = true; return ed.busy; }
function idle() {
  ed.busy = false;
  if (ed.missed && open && document.querySelector("#detail").open) show(open.component, open.card, true);
  ed.missed = false;
}

function round1(x) { return Math.round(x * 10) / 10; }
function elId(e) { return `${e.side}:${e.file}:${e.line}:${e.name}`; }

async function post(path, body) {
  const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                               body: JSON.stringify({...body, token: TOKEN})});
  const answer = await r.json().catch(() => ({ok: false, error: `the server answered ${r.status}`}));
  say(answer.ok ? `saved ${answer.file}${answer.line ? ":" + answer.line : ""} · the page redraws` : answer.error,
      !answer.ok);
  if (answer.ok) document.body.dataset.edits = String(answer.undo);
  return answer;
}

function say(text, bad = false) {
  const s = document.querySelector("#edit-status");
  s.textContent = text;
  s.className = bad ? "bad" : "";
}

// -- a layer over each side's large view -------------------------------------------------------------------
async function editorAttach(comp, card) {
  ed.comp = comp; ed.card = card;
  document.querySelector("#edit-panel").hidden = !ed.on;
  if (!ed.on) return;
  const figures = [...document.querySelectorAll("#views figure.big")];
  const sides = [["front", card.front], ["back", card.back]].filter(([, key]) => key);
  const found = await Promise.all(sides.map(async ([side, key]) => {
    const r = await fetch(`/elements/${key}.json`);
    return r.ok ? [side, key, (await r.json()).elements] : null;
  }));
  if (ed.card !== card) return;             // a newer state came meanwhile: its own call draws the layers
  ed.elements = [];
  for (const got of found.filter(Boolean)) {
    const [side, key, elements] = got;
    const figure = figures.find(f => f.querySelector("img").getAttribute("src") === `/big/${key}.png`);
    if (!figure) continue;
    for (const e of elements) e.side = side;
    ed.elements.push(...elements);
    drawLayer(figure, elements, side);
  }
  const keep = ed.selected && ed.elements.find(e => elId(e) === elId(ed.selected));
  select(keep || null);
}

function faceSize() {
  const b = ed.comp.bleed_mm;
  return [ed.comp.w_mm + 2 * b, ed.comp.h_mm + 2 * b];
}

function drawLayer(figure, elements, side) {
  const [W, H] = faceSize();
  const layer = el("div", {class: "edit-layer", "data-side": side});
  layer.style.aspectRatio = `${W} / ${H}`;
  const b = ed.comp.bleed_mm;
  for (const e of elements) {
    const box = el("div", {class: "edit-box" + (e.editable ? "" : " fixed"), "data-element": e.name || "",
                           "data-id": elId(e),
                           title: `${e.name || e.type} · ${e.file}:${e.line}${e.why ? " · " + e.why : ""}`});
    place(box, e.box, b, W, H);
    box.addEventListener("pointerdown", ev => press(ev, e, box, layer));
    box.addEventListener("dblclick", ev => { ev.preventDefault(); editText(e, box); });
    layer.append(box);
  }
  figure.append(layer);
}

function place(node, box, b, W, H) {
  node.style.left = `${(box[0] + b) / W * 100}%`;
  node.style.top = `${(box[1] + b) / H * 100}%`;
  node.style.width = `${Math.max(box[2], 0.4) / W * 100}%`;
  node.style.height = `${Math.max(box[3], 0.4) / H * 100}%`;
}

function select(e) {
  ed.selected = e;
  for (const node of document.querySelectorAll("#views .edit-box")) {
    node.classList.toggle("selected", !!e && node.dataset.id === elId(e));
  }
  const form = document.querySelector("#edit-fields");
  document.querySelector("#edit-what").textContent = e ? `${e.name || e.type} (${e.side}) · ${e.file}:${e.line}` +
    (e.editable ? "" : ` · ${e.why}`) : "click an element of the front or the back to select it";
  for (const input of form.querySelectorAll("input")) {
    const k = input.name;
    const f = e && e.fields[k];
    const value = !f ? "" : k === "size" ? f.pt ?? "" : k === "color" ? f.raw ?? "" : f.mm ?? "";
    input.value = value;
    input.placeholder = f && f.raw === null ? "default" : "";
    input.disabled = !e || !e.editable || (k === "size" ? f.raw !== null && f.pt === null :
      k === "color" ? !f.editable : f.mm === null);
    input.title = f && f.raw !== null && input.disabled ? `${f.raw}: edit it in the file` : "";
  }
}

// -- drag to move, or drag an edge ------------------------------------------------------------------
function press(ev, e, box, layer) {
  ev.preventDefault();
  ev.stopPropagation();
  if (ed.selected !== e) { select(e); if (!e.editable) return; }
  if (!e.editable) return;
  const r = box.getBoundingClientRect();
  const edge = ev.clientX - r.left < EDGE_PX ? "l" : r.right - ev.clientX < EDGE_PX ? "r" :
    ev.clientY - r.top < EDGE_PX ? "t" : r.bottom - ev.clientY < EDGE_PX ? "b" : "move";
  const pxPerMm = layer.getBoundingClientRect().width / faceSize()[0];
  const start = [ev.clientX, ev.clientY];
  box.setPointerCapture(ev.pointerId);
  ed.busy = true;
  let moved = null;
  const move = m => {
    moved = dragged(e, edge, (m.clientX - start[0]) / pxPerMm, (m.clientY - start[1]) / pxPerMm);
    if (moved) place(box, moved.box, ed.comp.bleed_mm, ...faceSize());
  };
  const up = () => {
    box.removeEventListener("pointermove", move);
    box.removeEventListener("pointerup", up);
    if (moved && Object.keys(moved.set).length) send(e, moved.set);
    idle();
  };
  box.addEventListener("pointermove", move);
  box.addEventListener("pointerup", up);
}

// The element's new values after a drag of (dx, dy) mm: each to 0.1 mm; with the snap on, an edge near the
// safe zone's line lands on it, and otherwise the value lands on a whole millimetre.
function dragged(e, edge, dx, dy) {
  const f = e.fields, [x, y, w, h] = e.box, s = ed.comp.safe_mm, W = ed.comp.w_mm, H = ed.comp.h_mm;
  const snap = (value, delta, edges, lines) => {   // delta snapped: edges (absolute, mm) move by it
    if (!ed.snap) return round1(delta);
    for (const at of edges) for (const line of lines) if (Math.abs(at + delta - line) < SNAP_MM) return line - at;
    return Math.round(value + delta) - value;
  };
  const set = {};
  let box = [x, y, w, h];
  const need = keys => keys.every(k => f[k].mm !== null) || (say(`${keys.find(k => f[k].mm === null)} is ` +
    `${f[keys.find(k => f[k].mm === null)].raw}: edit it in the file`, true), false);
  if (edge === "move") {
    if (!need(["x", "y"])) return null;
    const mx = snap(f.x.mm, dx, [x, x + w], [s, W - s]), my = snap(f.y.mm, dy, [y, y + h], [s, H - s]);
    if (round1(mx)) set.x = round1(f.x.mm + mx);
    if (round1(my)) set.y = round1(f.y.mm + my);
    box = [x + mx, y + my, w, h];
  } else if (edge === "r" || edge === "b") {
    const k = edge === "r" ? "w" : "h";
    if (!need([k])) return null;
    const d = edge === "r" ? snap(f.w.mm, dx, [x + w], [W - s]) : snap(f.h.mm, dy, [y + h], [H - s]);
    if (round1(d)) set[k] = round1(f[k].mm + d);
    box = edge === "r" ? [x, y, w + d, h] : [x, y, w, h + d];
  } else {
    const [p, k] = edge === "l" ? ["x", "w"] : ["y", "h"];
    if (!need([p, k])) return null;
    const d = edge === "l" ? snap(f.x.mm, dx, [x], [s]) : snap(f.y.mm, dy, [y], [s]);
    if (round1(d)) { set[p] = round1(f[p].mm + d); set[k] = round1(f[k].mm - d); }
    box = edge === "l" ? [x + d, y, w - d, h] : [x, y + d, w, h - d];
  }
  return {set, box};
}

function send(e, values) {
  return post("/edit", {kind: "element", file: e.file, line: e.line, col: e.col, name: e.name || null,
                        set: values});
}

// -- a card's own words, edited where they are drawn (or in the data table) ---------------------------------
function cardField(e) {
  const m = typeof e.text === "string" && e.text.match(/^\s*\{\{\s*card\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\s*$/);
  return m && typeof ed.card.data[m[1]] === "string" ? m[1] : null;
}

function editText(e, box) {
  const field = cardField(e);
  if (!field) { say(`${e.name || e.type} does not show one field of the card: edit it in the file`, true); return; }
  writeField(field, box);
}

function writeField(field, holder) {
  const card = ed.card;
  const area = el("textarea", {class: "edit-text", "data-field": field});
  area.value = card.data[field];
  holder.append(area);
  area.focus();
  ed.busy = true;
  let done = false;
  const finish = save => {
    if (done) return;
    done = true;
    area.remove();
    setTimeout(idle);
    if (save && area.value !== card.data[field]) {
      post("/edit", {kind: "card", file: card.source || card.file, line: card.line, col: card.col, id: card.id,
                     set: {[field]: area.value}});
    }
  };
  area.addEventListener("keydown", k => {
    k.stopPropagation();
    if (k.key === "Enter" && !k.shiftKey) { k.preventDefault(); finish(true); }
    if (k.key === "Escape") { k.preventDefault(); finish(false); }
  });
  area.addEventListener("pointerdown", k => k.stopPropagation());
  area.addEventListener("blur", () => finish(true));
}

function editorSetup() {
  const mode = document.querySelector("#edit-mode");
  if (!TOKEN) { mode.closest("label").hidden = true; return; }  // served to the network: no edits
  mode.addEventListener("change", () => {
    ed.on = mode.checked;
    document.querySelector("#detail").classList.toggle("editing", ed.on);
    if (open) show(open.component, open.card, true);
  });
  document.querySelector("#edit-snap").addEventListener("change", s => { ed.snap = s.target.checked; });
  document.querySelector("#edit-undo").addEventListener("click", () => post("/undo", {}));
  document.querySelector("#edit-fields").addEventListener("change", ev => {
    const e = ed.selected, input = ev.target;
    if (!e || !input.name || input.value === "") return;
    const value = input.name === "color" ? input.value.trim() : Number(input.value);
    if (input.name !== "color" && !Number.isFinite(value)) { say(`${input.name}: a number`, true); return; }
    send(e, {[input.name]: value});
  });
  document.querySelector("#edit-fields").addEventListener("submit", ev => ev.preventDefault());
  document.querySelector("#data").addEventListener("dblclick", ev => {
    const th = ev.target.closest("tr") && ev.target.closest("tr").querySelector("th");
    if (!ed.on || !th || typeof ed.card.data[th.textContent] !== "string") return;
    writeField(th.textContent, ev.target.closest("tr").querySelector("td"));
  });
  document.addEventListener("keydown", k => {
    if (ed.on && $("#detail").open && (k.ctrlKey || k.metaKey) && k.key === "z" &&
        !["INPUT", "TEXTAREA"].includes(document.activeElement.tagName)) {
      k.preventDefault();
      post("/undo", {});
    }
  });
}

editorSetup();
