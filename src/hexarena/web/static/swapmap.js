// hexarena web app: the swap map on the game page. Where a stored analysis report has a swap map
// for the game's exact options (GET /api/swap-maps/GAME?OPTIONS), a "swap map" switch appears
// beside the board; turned on, it draws the map on the board as a heat map (HexBoard.heat) with a
// legend: every first move coloured by the first player's expected result when the second player
// answers best, and a dot on the openings a strong second player should swap. Where no report
// has the game's options, nothing shows. The map values the openings, so it is offered only for
// the positions where they are being decided (SwapMap.offer): the first move, and, where the game
// has the swap, the second player's first turn. Plain JavaScript, no inline scripts or styles.
"use strict";

const SwapMap = {
  data: null, // the server's answer: {game, options, maps: {player: map}, source}
  hex: null,
  offered: false, // whether the position shown is one where the map means something (offer)
  opening: null, // the first move's cell while the swap is decided (its value is under a stone)

  el(id) { return document.getElementById(id); },

  // hex: the page's HexBoard; game and options: the game's name and its options (as the game's
  // view gives them). Resolves once the switch is shown, or left hidden.
  async init(hex, game, options) {
    this.hex = hex;
    const query = new URLSearchParams(options || {}).toString();
    let resp;
    try {
      resp = await fetch(`/api/swap-maps/${encodeURIComponent(game)}${query ? "?" + query : ""}`);
    } catch (e) {
      return; // the map is an extra: without the server's answer the page goes on without it
    }
    if (!resp.ok) return; // no stored report for this board
    this.data = await resp.json();
    const players = Object.keys(this.data.maps);
    if (!players.length) return;
    // the strongest player's map first: a search's, where the report has one
    players.sort((a, b) => (a === "random") - (b === "random") || a.localeCompare(b));
    const select = this.el("swapmap-by");
    select.innerHTML = "";
    for (const p of players) {
      const opt = document.createElement("option");
      opt.value = p;
      opt.textContent = p;
      select.appendChild(opt);
    }
    this.el("swapmap-by-wrap").hidden = players.length < 2;
    this.el("swapmap-toggle").addEventListener("change", () => this.render());
    select.addEventListener("change", () => this.render());
    this.show();
  },

  // The map offered (or not) for the position shown, with the cell of the first move played
  // while the swap is decided (or null): called on every drawing of the game page; the switch
  // keeps its setting while the map is withdrawn.
  offer(offered, opening) {
    if (offered === this.offered && opening === this.opening) return;
    this.offered = offered;
    this.opening = opening;
    if (this.data) this.show();
  },

  show() {
    this.el("swapmap-wrap").hidden = !this.offered;
    this.render();
  },

  percent(v) { return `${Math.round(100 * v)}%`; },

  // How the values were found, from the report's settings.
  sourceText(player) {
    const s = this.data.source || {};
    if (player === "random") return `${s.playouts} random playouts an opening, seed ${s.seed}`;
    if (s.iterations) return `the ${player} player's search, ${(s.iterations * (s.opening_factor || 1)).toLocaleString("en")} iterations an opening, seed ${s.seed}`;
    if (s.seconds) return `the ${player} player's search, ${s.seconds * (s.opening_factor || 1)} s an opening, seed ${s.seed}`;
    return `the ${player} player's search, seed ${s.seed}`;
  },

  render() {
    const on = this.offered && this.el("swapmap-toggle").checked;
    this.el("swapmap-legend").hidden = !on;
    document.body.dataset.swapmap = on ? "on" : "off";
    if (!on || !this.data) {
      this.hex.heat(null);
      return;
    }
    const player = this.el("swapmap-by").value;
    const m = this.data.maps[player];
    const swap = new Set(m.swap);
    const cells = {};
    for (const [name, v] of Object.entries(m.values)) {
      const i = this.hex.cellIndex(name);
      if (i >= 0) cells[i] = { value: v, mark: swap.has(name) };
    }
    this.hex.heat(cells);
    const n = Object.keys(m.values).length;
    const lines = [];
    if (this.opening !== null && this.opening in m.values) { // the value the swap turns on
      const v = m.values[this.opening];
      lines.push(`The first move played, ${this.opening}, gives the first player ${this.percent(v)}: ` +
        (swap.has(this.opening) ? "a strong second player swaps it." : "a strong second player does not swap it."));
      // near even the report's verdict is a point or two either way, which the hint's own
      // search may weigh the other way: say it is a close choice rather than a verdict
      if ((m.fair || []).includes(this.opening)) {
        lines.push("That is within 5 points of even: swapping it or not is a close choice.");
      }
    }
    if (m.pie_rule === false) {
      lines.push(`This game has no pie rule: a dot marks an opening that favours the first player (${m.swap.length} of ${n}); the best gives the first player ${this.percent(m.first_player_without_pie)}.`);
    } else {
      lines.push(`The best opening gives the first player ${this.percent(m.first_player_without_pie)} without the pie rule and ${this.percent(m.first_player_with_pie)} with it; a strong second player swaps ${m.swap.length} of ${n} openings (dots).`);
      lines.push(m.pie_makes_fair
        ? `${m.fair.length === 1 ? "1 opening is" : `${m.fair.length} openings are`} within 5 points of even: the pie rule can make the game fair.`
        : "No opening is within 5 points of even: the pie rule does not make the game fair.");
    }
    lines.push(`From the analysis report: ${this.sourceText(player)}.`);
    this.el("swapmap-summary").textContent = lines.join(" ");
  },
};
