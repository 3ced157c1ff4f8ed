// hexarena web app: "my games", remembered in this browser (localStorage), each with a button
// that makes a one-time link to go on on another device, and the filter of the recent list.
"use strict";

const MYGAMES_KEY = "hexarena-mygames";
const MYGAMES_MAX = 50;

function myGamesList() {
  try {
    const list = JSON.parse(localStorage.getItem(MYGAMES_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

// Remember (or refresh) a game this browser holds a seat of: {id, title, game, mode, turns, result}.
function rememberGame(info) {
  if (!info || !/^[A-Za-z0-9]+$/.test(info.id || "")) return;
  const list = myGamesList().filter((g) => g.id !== info.id);
  const old = myGamesList().find((g) => g.id === info.id) || {};
  list.unshift(Object.assign({}, old, info, { seen: Date.now() }));
  localStorage.setItem(MYGAMES_KEY, JSON.stringify(list.slice(0, MYGAMES_MAX)));
}

function forgetGame(id) {
  localStorage.setItem(MYGAMES_KEY, JSON.stringify(myGamesList().filter((g) => g.id !== id)));
}

// A one-time link that gives another device this browser's seats of the game (the seat itself
// stays in this browser's cookie; the server makes the link).
async function deviceLink(id) {
  const resp = await fetch(`/api/games/${id}/device`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  const data = await resp.json().catch(() => null);
  if (!resp.ok) throw new Error((data && data.error) || `request failed (${resp.status})`);
  return data.link.startsWith("/") ? location.origin + data.link : data.link;
}

function renderMyGames(box) {
  box.innerHTML = "";
  const games = myGamesList();
  const panel = box.closest("section");
  if (panel) panel.hidden = games.length === 0;
  for (const g of games) {
    const li = document.createElement("li");
    li.className = "mygame";
    li.dataset.id = g.id;
    const a = document.createElement("a");
    a.href = `/game/${g.id}`;
    a.textContent = g.title || g.game || g.id;
    li.appendChild(a);
    const state = g.result && g.result !== "*" ? `finished (${g.result})` : "in play";
    const info = document.createElement("span");
    info.className = "muted";
    info.textContent = ` ${g.mode || ""}, ${g.turns || 0} turns, ${state} `;
    li.appendChild(info);
    const more = document.createElement("div");
    more.className = "mygame-tools";
    const device = document.createElement("button");
    device.type = "button";
    device.className = "device";
    device.textContent = "continue on another device";
    device.addEventListener("click", async () => {
      try {
        const input = document.createElement("input");
        input.readOnly = true;
        input.className = "seat-link";
        input.value = await deviceLink(g.id);
        input.setAttribute("aria-label", `one-time link for ${a.textContent} on another device`);
        input.addEventListener("focus", () => input.select());
        device.replaceWith(input);
      } catch (e) {
        device.textContent = `no link: ${String(e.message).slice(0, 120)}`;
      }
    });
    more.appendChild(device);
    const forget = document.createElement("button");
    forget.type = "button";
    forget.className = "forget";
    forget.textContent = "forget";
    forget.addEventListener("click", () => { forgetGame(g.id); renderMyGames(box); });
    more.appendChild(forget);
    li.appendChild(more);
    box.appendChild(li);
  }
}

// Show only the recent games in play, or only the finished ones.
function filterRecent(list, which) {
  for (const li of list.querySelectorAll("li[data-result]")) {
    const over = li.dataset.result !== "*";
    li.hidden = (which === "play" && over) || (which === "over" && !over);
  }
}
