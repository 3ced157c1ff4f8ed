// hexarena web app: the new-game page (choose a game, its options and the players, then start;
// the options shown follow the rules /api/meta gives). Plain JavaScript, no build step; it uses
// the small helpers of app.js ($, showMessage, hideMessage, html) and api() of board.js at run
// time.
"use strict";

const home = { meta: null, warming: null, starting: false };
// How a game is played, in the new-game form's words (the recent games' list).
const MODE_WORDS = { computer: "against the computer", local: "two players on one screen",
  online: "against a person elsewhere" };

function optionInput(o) {
  const wrap = html("label", o.name.replace(/_/g, " ") + " ");
  wrap.title = o.help;
  let input;
  if (o.kind === "flag") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = !!o.default;
  } else if (o.kind === "choice" || (o.kind === "int" && o.choices)) {
    input = document.createElement("select");
    for (const c of o.choices) {
      const opt = html("option", String(c));
      opt.value = String(c);
      if (String(c) === String(o.default)) opt.selected = true;
      input.appendChild(opt);
    }
  } else {
    input = document.createElement("input");
    if (o.kind === "int") {
      input.type = "number";
      if (o.minimum !== null) input.min = o.minimum;
      if (o.maximum !== null) input.max = o.maximum;
    } else {
      input.type = "text";
      input.placeholder = o.kind === "sides" ? "e.g. 3,4,3,4,3,4 (optional)" : "";
    }
    if (o.default !== null && o.default !== undefined) {
      input.value = Array.isArray(o.default) ? o.default.join(",") : String(o.default);
    }
  }
  input.dataset.option = o.name;
  input.dataset.kind = o.kind;
  input.id = "opt-" + o.name;
  wrap.appendChild(input);
  wrap.appendChild(html("span", " " + o.help, "hint-text"));
  return wrap;
}

function renderOptions() {
  const name = $("ng-game").value;
  const g = home.meta.games.find((x) => x.name === name);
  const box = $("ng-options");
  box.innerHTML = "";
  for (const o of g.options) box.appendChild(optionInput(o));
  applyOptionRules();
  $("ng-rules-link").href = `/rules/${name}#options`;
  $("ng-rules-link").textContent = `How to play ${g.title} (and its options)`;
  $("ng-learn-link").href = `/learn/${name}`;
  $("howto-link").href = `/rules/${name}`; // the header's "How to play": the game chosen
  markSolved();
}

// An option field's value as the form rules compare it: the trimmed text, or true/false.
function optionValue(name) {
  const input = $("opt-" + name);
  if (!input) return "";
  return input.type === "checkbox" ? String(input.checked) : input.value.trim();
}

// Options that apply only with another option's value (the meta's "applies"): shown, and sent,
// only then (Throngs' size with the hex board); choices offered only then ("choices_apply":
// Throngs' standard set-up on the original board), the option going back to its default.
function applyOptionRules() {
  const g = home.meta.games.find((x) => x.name === $("ng-game").value);
  for (const o of g.options) {
    const input = $("opt-" + o.name);
    if (!input) continue;
    if (o.applies) {
      const on = o.applies.values.includes(optionValue(o.applies.option));
      input.closest("label").hidden = !on;
      input.disabled = !on;
    }
    for (const [choice, rule] of Object.entries(o.choices_apply || {})) {
      const on = rule.values.includes(optionValue(rule.option));
      for (const opt of input.options) if (opt.value === choice) opt.disabled = !on;
      if (!on && input.value === choice) input.value = String(o.default);
    }
    if (o.choice_help) input.closest("label").querySelector(".hint-text").textContent = " " + choiceHelp(o, input);
  }
}

// The help of an option whose choices are not all offered at all times, from the choices offered
// now: "choose (...) or standard (...)", or "choose (...); standard: only with board original".
function choiceHelp(o, input) {
  const offered = [];
  const not = [];
  for (const opt of input.options) {
    const words = o.choice_help[opt.value];
    if (!opt.disabled) offered.push(words ? `${opt.value} (${words})` : opt.value);
    else {
      const rule = o.choices_apply[opt.value];
      not.push(`${opt.value}: only with ${rule.option.replace(/_/g, " ")} ${rule.values.join(" or ")}`);
    }
  }
  return [offered.join(" or "), ...not].join("; ");
}

// What a level is, for a stranger who knows none of the names (the perfect player's words
// depend on the board: markSolved).
const LEVEL_WORDS = {
  random: "any legal move",
  mcts: "the levels' search, by its name",
  uct: "plain search, for comparison",
};

// On a solved board (meta.solved) the perfect player plays proven wins: say so at its level.
function markSolved() {
  const name = $("ng-game").value;
  const opts = readOptions();
  const solved = (home.meta.solved || []).some((b) => b.game === name &&
    Object.entries(b.options).every(([k, v]) => String(opts[k]) === String(v)));
  for (const o of $("ng-level").options) {
    if (o.value === "perfect") {
      o.textContent = solved ? "perfect (solved board: strongest)" : "perfect (proven wins where it finds them, else as mcts)";
    }
  }
}

function readOptions() {
  const options = {};
  for (const input of $("ng-options").querySelectorAll("[data-option]")) {
    if (input.disabled) continue; // an option that does not apply now (applyOptionRules)
    const kind = input.dataset.kind;
    if (kind === "flag") options[input.dataset.option] = input.checked;
    else if (input.value.trim() !== "") {
      // a whole number past what JavaScript holds exactly goes as typed, for the server to judge
      const n = Number(input.value);
      options[input.dataset.option] = kind === "int" && Number.isSafeInteger(n) ? n : input.value.trim();
    }
  }
  return options;
}

function modeChosen() {
  return document.querySelector("input[name=mode]:checked").value;
}

// The seat token itself lives in an HttpOnly cookie the server sets; the page keeps only the links.
function saveCreated(created) {
  localStorage.setItem("hexarena-mine-" + created.id, "1");
  localStorage.setItem("hexarena-links-" + created.id, JSON.stringify(created.links));
}

function showWarming(w) {
  const box = $("warming");
  home.warming = w;
  if (home.starting) return; // the box says what the start waits for
  // only while the server warms up: without a warm-up (serve --no-warm) nothing gets ready here,
  // and "0 of 5 games" stood for ever
  if (!w || !w.running || w.ready >= w.total) { box.hidden = true; return; }
  const busy = Object.entries(w.games).filter(([, s]) => s === "compiling").map(([g]) => g);
  box.textContent = `Getting the computer players ready: ${w.ready} of ${w.total} games` +
    (busy.length ? ` (compiling ${busy.join(", ")})` : "") + ". A game whose player is not ready yet waits for it.";
  box.hidden = false;
  setTimeout(async () => {
    try { showWarming((await api("GET", "/api/meta")).warming); } catch (e) { /* retried on reload */ }
  }, 2000);
}

// Create a game with `create`, the button pressed held disabled meanwhile ("Starting…"), so
// that a second press cannot make a second game; when the game's computer player is still being
// compiled (a server just started), the page says that the start waits for it. On an error the
// button comes back and the error is shown.
async function starting(button, game, create) {
  if (home.starting) return;
  home.starting = true;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = "Starting…";
  const w = home.warming;
  const box = $("warming");
  if (game && w && w.games && w.games[game] && w.games[game] !== "ready") {
    const title = (home.meta.games.find((g) => g.name === game) || { title: game }).title;
    box.textContent = `Starting your ${title} game: the server is still compiling its rules and ` +
      "computer player (the first game of a kind after the server starts can wait a minute or two).";
    box.hidden = false;
  }
  try {
    await create();
  } catch (e) {
    showMessage(e.message);
    button.disabled = false;
    button.textContent = label;
    home.starting = false;
    showWarming(home.warming);
  }
}

async function startHome() {
  $("home").hidden = false;
  home.meta = await api("GET", "/api/meta");
  const sel = $("ng-game");
  for (const g of home.meta.games) {
    const opt = html("option", g.title);
    opt.value = g.name;
    sel.appendChild(opt);
  }
  const lv = $("ng-level");
  // the levels from weakest to strongest, then the searches known by name (mcts, uct)
  const strength = ["random", "easy", "medium", "hard", "perfect"];
  const rank = (n) => (strength.includes(n) ? strength.indexOf(n) : strength.length);
  const levels = home.meta.levels.slice().sort((a, b) => rank(a) - rank(b));
  for (const select of [lv, $("import-level")]) {
    for (const name of levels) {
      const opt = html("option", LEVEL_WORDS[name] ? `${name} (${LEVEL_WORDS[name]})` : name);
      opt.value = name;
      if (name === home.meta.default_level) opt.selected = true;
      select.appendChild(opt);
    }
  }
  const wanted = /[?&]game=([a-z-]+)/.exec(location.search);
  if (wanted && home.meta.games.some((g) => g.name === wanted[1])) sel.value = wanted[1];
  for (const g of home.meta.games) {
    const li = html("li");
    const a = html("a", g.title);
    a.href = `/rules/${g.name}`;
    li.appendChild(a);
    li.appendChild(html("span", " · "));
    const b = html("a", "guided first game");
    b.href = `/learn/${g.name}`;
    li.appendChild(b);
    $("howto-list").appendChild(li);
  }
  sel.addEventListener("change", renderOptions);
  $("ng-options").addEventListener("input", applyOptionRules);
  $("ng-options").addEventListener("change", () => { applyOptionRules(); markSolved(); });
  renderOptions();
  showWarming(home.meta.warming);
  // the level and seat only against the computer; a name only for a seat of one's own (a game
  // on one screen has two, and keeps no name)
  const showMode = () => {
    $("ng-computer").hidden = modeChosen() !== "computer";
    $("ng-name-wrap").hidden = modeChosen() === "local";
  };
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", showMode);
  showMode(); // a form the browser filled in again (back to this page) shows what fits its mode
  $("new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { game: sel.value, options: readOptions(), mode: modeChosen() };
    const name = $("ng-name").value.trim();
    if (name && body.mode !== "local") body.name = name;
    if (body.mode === "computer") {
      body.level = lv.value;
      body.seat = Number($("ng-seat").value);
    }
    await starting($("ng-start"), sel.value, async () => {
      const created = await api("POST", "/api/games", body);
      saveCreated(created);
      location.href = `/game/${created.id}`;
    });
  });
  // against the computer, the import asks its own level and which side the person plays
  const showImportMode = () => { $("import-computer").hidden = $("import-mode").value !== "computer"; };
  $("import-mode").addEventListener("change", showImportMode);
  showImportMode();
  $("import-file").addEventListener("change", async () => {
    const f = $("import-file").files[0];
    if (f) $("import-text").value = await f.text();
  });
  $("import-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { record: $("import-text").value, mode: $("import-mode").value };
    if (!body.record.trim()) { // nothing to import: say so in the page's words, not the API's
      showMessage("Paste a game record into the box, or choose a file, then press Import.");
      $("import-text").focus();
      return;
    }
    if (body.mode === "computer") {
      body.level = $("import-level").value;
      body.seat = Number($("import-seat").value);
    }
    await starting($("import-go"), null, async () => {
      const created = await api("POST", "/api/games/import", body);
      saveCreated(created);
      location.href = `/game/${created.id}`;
    });
  });
  // a refusal answers the form as it was sent: once a field is changed it would name a problem
  // that may be gone (and a value the browser itself then refuses would sit under it)
  for (const form of ["new-game", "import-form"]) $(form).addEventListener("input", hideMessage);
  renderMyGames($("mygames"));
  keepMyGamesFresh($("mygames"));
  const recent = await api("GET", "/api/games?limit=50");
  const list = $("recent");
  if (!recent.games.length) list.appendChild(html("li", "no games yet", "muted"));
  $("recent-filter").addEventListener("change", () => filterRecent(list, $("recent-filter").value));
  for (const g of recent.games) {
    const li = html("li");
    li.dataset.result = g.result;
    const a = html("a", `${g.title} (${Object.entries(g.options).map(([k, v]) => `${k.replace(/_/g, " ")}: ${v}`).join(", ")})`);
    a.href = g.link;
    li.appendChild(a);
    const mine = localStorage.getItem("hexarena-mine-" + g.id) || localStorage.getItem("hexarena-token-" + g.id) ? ", your game" : "";
    const status = g.result === "*" ? "in play" : `${resultText(g.result)}: ${g.reason}`;
    li.appendChild(html("span", ` ${MODE_WORDS[g.mode] || g.mode}${mine}: ${turnsText(g.turns)}, ${status}`, "muted"));
    list.appendChild(li);
  }
}
