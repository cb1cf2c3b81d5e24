// printkit's table: draws the scene the server sends this page and sends back what the player clicks.
// The server decides everything (whose turn, what is legal, what this seat may see); this script only draws
// and asks. A move is built click by click: each click on a piece keeps the legal moves that use it, and the
// last one left is made; the move bar lists what is left by its notation.
"use strict";

const query = new URLSearchParams(location.search);
const auth = query.get("key") ? "key=" + encodeURIComponent(query.get("key"))
  : query.get("seat") ? "seat=" + encodeURIComponent(query.get("seat")) : "";
const PIXELS_PER_MM = {mine: 1.9, centre: 1.35, others: 0.8};
const COLOURS = [["#1F3A93", "#FFFFFF"], ["#F2B33D", "#1A1A1A"], ["#5E8C61", "#FFFFFF"], ["#FFFFFF", "#1A1A1A"]];
let scene = null;        // the last scene the server sent
let picked = [];         // item ids clicked so far for the move being built
let socket = null;
let retry = 500;
let sent = false;        // a move was sent: the choices wait for the table's answer

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "on") for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    else if (name === "style") Object.assign(node.style, value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

// --- the move being built -------------------------------------------------------------------------
function options() {
  return scene && scene.choices ? scene.choices.options : [];
}

function candidates() {
  return options().filter((o) => picked.every((id) => o.uses.includes(id)));
}

function usable(id) {
  return candidates().some((o) => o.uses.includes(id)) && !picked.includes(id);
}

function play(option) {
  if (sent) return;
  picked = [];
  sent = true;
  send({type: "move", at: scene.version, move: option.n, seat: scene.seat});
  draw();
}

function clickItem(id) {
  if (!scene.choices || sent) return;
  if (!usable(id)) {
    if (!picked.length) send({type: "why", at: scene.version, item: id});
    return;
  }
  picked.push(id);
  const left = candidates();
  if (left.length === 1) play(left[0]);
  else draw();
}

function moveTitle(id) {
  const using = candidates().filter((o) => o.uses.includes(id)).map((o) => o.n);
  return using.length ? using.slice(0, 4).join(" / ") + (using.length > 4 ? " ..." : "") : null;
}

// --- drawing ----------------------------------------------------------------------------------------
function pieceImage(item, scale, side) {
  const width = Math.round((item.w || 25) * scale), height = Math.round((item.h || 35) * scale);
  const src = side === "back" ? item.back : item.face;
  const classes = ["piece", item.round ? "round" : ""].join(" ");
  if (!src) return el("span", {class: classes + " blank", style: {width: width + "px", height: height + "px"}}, item.label || "");
  return el("img", {class: classes, src: src, alt: item.label || "face down", width: width, height: height, draggable: "false"});
}

function itemNode(item, scale) {
  if (item.hidden) return el("span", {class: "back-stack"}, backNode(item.back, scale));
  const node = item.face ? pieceImage(item, scale) : el("span", {class: "chip"}, item.label);
  return clickable(node, item.id, item.label);
}

function clickable(node, id, label) {
  const title = moveTitle(id);
  if (title) {
    node.classList.add("usable");
    node.setAttribute("title", title);
  }
  if (picked.includes(id)) node.classList.add("picked");
  node.dataset.item = id;
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", (label || id) + (title ? ": " + title : ""));
  node.addEventListener("click", () => clickItem(id));
  node.addEventListener("keydown", (event) => { if (event.key === "Enter") clickItem(id); });
  return node;
}

function backNode(url, scale) {
  const size = {width: Math.round(63 * scale) + "px", height: Math.round(88 * scale) + "px"};
  return url ? el("img", {class: "piece back", src: url, alt: "face down", style: size})
    : el("span", {class: "piece back blank", style: size});
}

function zoneNode(zone, scale) {
  const title = el("h3", {}, zone.title, zone.count !== undefined ? el("span", {class: "count"}, " " + zone.count) : null);
  const box = el("div", {class: "zone kind-" + zone.kind, "data-zone": zone.id}, title);
  if (zone.kind === "text") {  // a state the rules lay out as no zones: its text, as the terminal shows it
    box.append(el("pre", {class: "state-text"}, zone.text));
  } else if (zone.kind === "counter") {
    box.append(el("p", {class: "counter"}, zone.token ? el("img", {class: "token-icon", src: zone.token, alt: ""}) : null,
      el("span", {class: "value"}, zone.text)));
  } else if (zone.kind === "fan") {
    const row = el("div", {class: "row"});
    for (let i = 0; i < Math.min(zone.count, 12); i++) row.append(backNode(zone.back, scale));
    if (!zone.count) row.append(el("span", {class: "empty"}, "empty"));
    box.append(row);
  } else if (zone.kind === "pile") {
    const top = zone.items.length ? itemNode(zone.items[zone.items.length - 1], scale) : backNode(zone.back, scale);
    box.append(el("div", {class: "pile-stack"}, zone.count ? top : el("span", {class: "empty"}, "empty")));
  } else {
    const row = el("div", {class: "row"});
    const hidden = zone.items.filter((item) => item.hidden);
    for (const item of zone.items.filter((i) => !i.hidden)) row.append(itemNode(item, scale));
    for (const item of hidden) for (let i = 0; i < Math.min(item.count, 12); i++) row.append(backNode(item.back, scale * 0.8));
    if (!zone.count) row.append(el("span", {class: "empty"}, "empty"));
    if (zone.count > zone.items.length) row.append(el("span", {class: "more"}, `+${zone.count - zone.items.length}`));
    box.append(row);
  }
  return box;
}

function boardNode(board) {
  const frame = el("div", {class: "board", style: {aspectRatio: `${board.w} / ${board.h}`, maxWidth: `${board.w * 4}px`}},
    el("img", {class: "board-art", src: board.url, alt: board.title, draggable: "false"}));
  const pct = (value, whole) => (100 * value / whole) + "%";
  for (const space of board.spaces) {
    const title = moveTitle(space.id);
    if (!title && !picked.includes(space.id)) continue;
    const box = el("span", {class: "space", style: {left: pct(space.x - space.half, board.w), top: pct(space.y - space.half, board.h),
      width: pct(2 * space.half, board.w), height: pct(2 * space.half, board.h)}});
    frame.append(clickable(box, space.id, space.name));
  }
  for (const piece of board.pieces) {
    const space = board.spaces.find((s) => s.name === piece.space);
    // A token the kit prints stands on its space at its printed size and shape; a labelled disc sits low, leaving the
    // space's name. A long piece on a long space (a wall in its slot) lies along it, turned if the space runs the other way.
    const long = piece.face && Math.max(space.w, space.h) > 2 * Math.min(space.w, space.h);
    const turned = long && (space.h > space.w) !== (piece.h > piece.w);
    const r = long ? Math.min(1, Math.max(space.w, space.h) / Math.max(piece.w, piece.h)) * piece.size / 2
      : piece.face ? Math.min(piece.size / 2, 0.9 * space.half) / Math.max(1, piece.of) * (piece.of > 1 ? 1.6 : 1)
      : space.half * Math.min(0.3, 0.85 / Math.max(1, piece.of));
    const x = space.x + (long ? 0 : 2.1 * r * (piece.slot - (piece.of - 1) / 2)), y = space.y + (piece.face ? 0 : space.half * 0.5);
    const [rw, rh] = piece.face ? [r * piece.w / piece.size, r * piece.h / piece.size] : [r, r];
    const style = {left: pct(x - rw, board.w), top: pct(y - rh, board.h), width: pct(2 * rw, board.w), height: pct(2 * rh, board.h)};
    if (turned) style.transform = "rotate(90deg)";
    let node;
    if (piece.face) node = el("img", {class: "board-piece" + (piece.round ? " round" : ""), src: piece.face, alt: piece.label, style});
    else {
      const [fill, ink] = COLOURS[piece.colour % COLOURS.length];
      node = el("span", {class: "board-piece disc", style: {...style, background: fill, color: ink}}, piece.label);
    }
    // A piece no move uses stands for its space when a move uses that (a token shielded, a space bombed).
    const under = `space.${board.name}.${piece.space}`;
    frame.append(clickable(node, usable(piece.id) || !usable(under) ? piece.id : under, piece.label));
  }
  return el("figure", {class: "board-box"}, frame, el("figcaption", {}, board.title));
}

function chanceNode() {
  // The latest chance move as every seat sees it: dice as dice, a shuffle as words (never its order).
  if (!scene.chance) return null;
  const dice = /^roll( \d+)+$/.test(scene.chance) ? scene.chance.split(" ").slice(1) : null;
  return el("div", {class: "zone chance", "aria-label": "chance: " + scene.chance}, el("h3", {}, "chance"),
    dice ? el("div", {class: "row"}, dice.map((face) => el("span", {class: "die"}, face))) : el("p", {class: "chance-text"}, scene.chance));
}

function playerNode(index, scale, mine) {
  const player = scene.players[index];
  const badge = mine ? "you" : player.kind === "computer" ? `computer: ${player.player}`
    : player.kind === "remote" ? (player.online ? "online" : "not connected") : "this device";
  const head = el("h2", {class: player.deciding ? "deciding" : ""}, player.name, el("span", {class: "badge"}, badge));
  const zones = scene.zones.filter((z) => z.owner === index);
  return el("div", {class: "player" + (mine ? " mine" : ""), "data-player": index}, head,
    el("div", {class: "zones"}, zones.map((z) => zoneNode(z, scale))));
}

function drawChoices() {
  const box = $("choices"), list = $("options");
  list.replaceChildren();
  if (!scene.choices || scene.pass) { box.hidden = true; return; }
  box.hidden = false;
  box.classList.toggle("waiting", sent);
  const left = candidates();
  $("prompt").textContent = picked.length ? "Then:" : scene.choices.stage === "answer" ? "Your secret answer:" : "Your move:";
  let shown = left.length > 14 ? grouped(left) : left.map((o) => ({text: o.n, option: o}));
  if (shown.length > 24 && !listAll && !picked.length && !narrowed && left.every((o) => o.uses.length)) {
    // Many moves, each made by clicking the table: the bar only offers to list them (once a piece is clicked or a
    // group chosen, it lists what is left: placing on the space alone is one of them).
    $("prompt").textContent = `${left.length} moves: click a highlighted piece or space`;
    shown = [];
    list.append(el("button", {class: "cancel list-all", on: {click: () => { listAll = true; drawChoices(); }}}, "List them"));
  }
  for (const entry of shown) {
    list.append(el("button", {class: "option", on: {click: () => entry.option ? play(entry.option) : narrow(entry.prefix)}},
      entry.text));
  }
  if (picked.length || narrowed || listAll) {
    list.append(el("button", {class: "cancel", on: {click: () => { picked = []; narrowed = ""; listAll = false; draw(); }}}, "Cancel"));
  }
}

let narrowed = "";   // words typed by clicking move-bar groups (a long list grouped by its next word)
let listAll = false; // the player asked for every move in the bar

function grouped(left) {
  const within = left.filter((o) => o.n.startsWith(narrowed));
  if (within.length <= 14) return within.map((o) => ({text: o.n, option: o}));
  let groups = null, at = narrowed;
  do {  // a word every move shares (the mover's mark) is no choice: the groups go on from the next one
    const from = at;
    groups = new Map();
    for (const option of within) {
      const word = option.n.slice(from.length).trimStart().split(" ")[0];
      const prefix = (from ? from + " " : "") + word;
      if (!groups.has(prefix)) groups.set(prefix, []);
      groups.get(prefix).push(option);
    }
    at = groups.size === 1 ? [...groups.keys()][0] : null;
  } while (at !== null && within.some((o) => o.n.length > at.length));
  return [...groups].map(([prefix, opts]) => opts.length === 1 ? {text: opts[0].n, option: opts[0]}
    : {text: `${prefix} … (${opts.length})`, prefix});
}

function narrow(prefix) {
  narrowed = prefix;
  drawChoices();
}

function drawLog() {
  const list = $("log");
  const typing = document.activeElement && document.activeElement.classList.contains("note") ? document.activeElement : null;
  const kept = typing ? {move: typing.closest("li").dataset.move, value: typing.value, at: typing.selectionStart} : null;
  list.replaceChildren();
  for (const entry of scene.log) {
    const note = el("input", {class: "note", value: entry.note, placeholder: "note", maxlength: 500,
      "aria-label": `note on move ${entry.n}`});
    note.addEventListener("change", () => send({type: "note", move: entry.n, text: note.value}));
    const named = entry.text.startsWith(entry.who + " ");  // a notation that names its mover (X A1) is not prefixed again
    list.append(el("li", {"data-move": entry.n}, named ? null : [el("span", {class: "who"}, entry.who), " "],
      el("span", {class: "text"}, entry.text), note));
  }
  if (scene.outcome) list.append(el("li", {class: "result"}, scene.outcome.text));
  const again = kept && list.querySelector(`li[data-move="${kept.move}"] .note`);
  if (again) {  // a note being typed survives the scene that came meanwhile
    again.value = kept.value;
    again.focus();
    again.setSelectionRange(kept.at, kept.at);
  } else list.lastElementChild?.scrollIntoView({block: "nearest"});
}

function drawSeats() {
  if (!scene.seats) return;
  const list = $("seat-list");
  list.replaceChildren();
  scene.seats.forEach((seat, index) => {
    const kind = el("select", {"aria-label": `${scene.players[index].name}: who plays`},
      ...[["here", "this device"], ["remote", "another browser"], ["computer", "computer"]].map(([value, text]) =>
        el("option", {value, selected: seat.kind === value}, text)));
    // The computer's player: the game's own, mcts at a level, or mcts with a budget typed in (mcts:500, mcts:2s).
    const player = el("select", {"aria-label": `${scene.players[index].name}: computer player`, hidden: seat.kind !== "computer"},
      ...scene.computers.map((c) => el("option", {value: c.name, selected: seat.player === c.name}, `${c.name}: ${c.text}`)),
      el("option", {value: ""}, "mcts with a budget of your own ..."));
    const budget = el("input", {class: "budget", hidden: true, placeholder: "mcts:500 or mcts:2s", maxlength: 40,
      "aria-label": `${scene.players[index].name}: mcts budget`});
    // A seat just made a computer's gets the game's strongest player (the table picks it); then any other may be chosen.
    kind.addEventListener("change", () => send({type: "seat", seat: index, kind: kind.value, player: ""}));
    player.addEventListener("change", () => {
      budget.hidden = player.value !== "";
      if (budget.hidden) send({type: "seat", seat: index, kind: "computer", player: player.value});
      else budget.focus();
    });
    budget.addEventListener("change", () => send({type: "seat", seat: index, kind: "computer", player: budget.value.trim()}));
    const link = seat.kind === "remote" ? inviteLink(seat.code) : null;
    list.append(el("div", {class: "seat-row"}, el("strong", {}, scene.players[index].name), kind, player, budget,
      link ? el("p", {class: "invite"}, "Code ", el("code", {}, seat.code), " or ", el("a", {href: link}, link)) : null));
  });
  $("invite-hint").textContent = scene.invite ? "" : "Others on your network can join when the table runs with --host 0.0.0.0.";
}

function inviteLink(code) {
  return (scene.invite || location.origin) + "/j/" + code;
}

function draw() {
  if (!scene) return;
  document.title = scene.title + " - printkit table";
  $("title").textContent = scene.title;
  $("status").textContent = scene.secret ? `${scene.status} (${scene.secret})` : scene.status;
  $("notice").hidden = !scene.notice;
  $("notice").textContent = scene.notice || "";
  $("error").hidden = !scene.error;
  $("error").textContent = scene.error ? "The rules stopped the game: " + scene.error : "";
  const host = scene.role === "host";
  $("new").hidden = !host;
  $("seats-button").hidden = !host;
  $("undo").hidden = !scene.undo;
  $("download").hidden = !scene.download;
  $("download").href = "/log?" + auth;
  $("pass").hidden = !scene.pass;
  if (scene.pass) {
    $("pass-name").textContent = scene.pass.name;
    for (const id of ["others", "centre", "mine"]) $(id).replaceChildren();
    drawChoices();
    drawLog();
    return;
  }
  const me = scene.seat;
  $("others").replaceChildren(...scene.players.map((_, i) => i).filter((i) => i !== me).map((i) => playerNode(i, PIXELS_PER_MM.others, false)));
  $("mine").replaceChildren(...(me === null ? [] : [playerNode(me, PIXELS_PER_MM.mine, true)]));
  const shared = scene.zones.filter((z) => z.owner === null);
  $("centre").replaceChildren(...scene.boards.map(boardNode), el("div", {class: "zones"}, chanceNode(),
    shared.map((z) => zoneNode(z, PIXELS_PER_MM.centre))));
  $("centre").classList.toggle("boards-side", scene.boards.length > 0 && scene.boardsAt === "side");
  drawChoices();
  drawLog();
  drawSeats();
}

// --- the connection -------------------------------------------------------------------------------
function connect() {
  if (!auth) { $("join").hidden = false; return; }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws?${auth}`);
  socket.addEventListener("open", () => { retry = 500; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      if (!scene || scene.version !== message.version || scene.game !== message.game) { picked = []; narrowed = ""; listAll = false; }
      sent = false;
      scene = message;
      draw();
    } else if (message.type === "refused") { sent = false; toast(message.reason); draw(); }
    else if (message.type === "why") toast(message.reason);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4401) {
      $("join").hidden = false;
      $("join-error").textContent = "That link or code is not (or no longer) one of this table's seats.";
      return;
    }
    $("status").textContent = "connection lost: reconnecting ...";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  });
}

$("new").addEventListener("click", () => send({type: "new"}));
$("undo").addEventListener("click", () => send({type: "undo"}));
$("seats-button").addEventListener("click", () => { $("seats").hidden = false; });
$("seats-close").addEventListener("click", () => { $("seats").hidden = true; });
$("pass-ready").addEventListener("click", () => send({type: "ready", seat: scene.pass.seat}));
$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  location.search = "?seat=" + encodeURIComponent($("join-code").value.trim().toUpperCase());
});
connect();
