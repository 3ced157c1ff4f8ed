// hexarena web app, the game page's seats and links: the invitation being read (take the seat
// or just watch), the links a player hands on (invitation, spectators, another device while the
// game goes on), and a link that offers nothing here said so. Uses app.js's G, $, html, api and refresh at run time.
"use strict";

// What someone holding an invitation to the open seat (seat s) may do before taking it.
function invitedText(view, s) {
  const seat = view.seats[s];
  const side = seat.colour_name ? `play ${seat.colour_name}` : `play (player ${s + 1}, colour not chosen yet)`;
  return `You are invited to ${side} (take the seat, or just watch)`;
}

// A button that copies a link's field and says so: through the clipboard where the page may use
// it (a secure page: https or this computer), else by selecting the field for the browser's copy.
function copyButton(input) {
  const b = html("button", "Copy", "copy-link");
  b.type = "button";
  b.setAttribute("aria-label", `copy: ${input.dataset.label || input.getAttribute("aria-label") || "the link"}`);
  b.addEventListener("click", async () => {
    let done = false;
    try {
      await navigator.clipboard.writeText(input.value);
      done = true;
    } catch (e) {
      input.focus();
      input.select();
      try { done = document.execCommand("copy"); } catch (e2) { done = false; }
    }
    b.textContent = done ? "Copied" : "Selected: copy it";
    clearTimeout(b.timer);
    b.timer = setTimeout(() => { b.textContent = "Copy"; }, 6000);
  });
  return b;
}

// A link's field with its Copy button beside it.
function linkRow(input) {
  const row = html("div", undefined, "link-row");
  row.appendChild(input);
  row.appendChild(copyButton(input));
  return row;
}

function renderShare() {
  const links = JSON.parse(localStorage.getItem("hexarena-links-" + G.id) || "null");
  const box = $("share-links");
  box.innerHTML = "";
  const add = (label, path, cls) => {
    const l = html("label", label);
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = location.origin + path;
    input.className = cls || "share-link";
    input.dataset.label = label;
    input.addEventListener("focus", () => input.select());
    l.appendChild(linkRow(input));
    box.appendChild(l);
  };
  const open = G.view.mode === "online" && G.view.seats.some((seat) => !seat.claimed);
  if (G.view.mode === "local" && G.view.you.length) {
    box.appendChild(html("p", "No invitation: both sides of this game are played on this screen. " +
      "To play someone elsewhere, start a new game against \"a person elsewhere\".", "hint-text no-invite"));
  }
  if (!open && $("invite-btn")) $("invite-btn").remove(); // nobody left to invite
  if (links && links.invite && open) {
    add("Invitation (send it to your opponent; it works once)", links.invite);
  } else if (open && G.view.you.length && !$("invite-btn")) {
    const b = html("button", "New invitation link");
    b.id = "invite-btn";
    b.addEventListener("click", async () => {
      try {
        const d = await api("POST", `/api/games/${G.id}/invite`, {}, G.token);
        localStorage.setItem("hexarena-links-" + G.id, JSON.stringify({ ...(links || {}), invite: d.link }));
        b.remove();
        renderShare();
      } catch (e) { showMessage(e.message); }
    });
    $("share").appendChild(b);
  }
  // a finished game is viewed and replayed anywhere through its own link: nothing is left to
  // continue on another device, so no seat link is offered for it
  const over = !!G.view.outcome;
  add(over ? "Link to this game (anyone can view and replay it)" : "Spectators' link", `/game/${G.id}`);
  if (over && $("device-btn")) $("device-btn").remove();
  if (G.view.you.length && !over && !$("device-btn")) {
    const b = html("button", "Continue on another device");
    b.id = "device-btn";
    b.addEventListener("click", async () => {
      try {
        const d = await api("POST", `/api/games/${G.id}/device`, {}, G.token);
        add("Open this on your other device (it works once)", d.link);
      } catch (e) { showMessage(e.message); }
    });
    $("share").appendChild(b);
  }
  $("share").hidden = false;
}

// An invitation (#invite=CODE) or another-device link (#device=CODE): the code is sent once to
// take the seat, and the server answers with the seat's cookie.
async function useCode() {
  const m = /^#(invite|device)=([A-Za-z0-9_-]{1,100})$/.exec(location.hash);
  if (!m) return;
  history.replaceState(null, "", `/game/${G.id}`);
  const [, kind, code] = m;
  // an invitation is for the seat still open; once no seat is open it has been used
  const open = G.view.seats.some((s) => s.kind === "human" && !s.claimed);
  if (G.view.you.length) {
    if (kind === "invite" && open) showMessage("This is the invitation for your opponent: send it to them.", true);
    return;
  }
  if (kind === "invite" && G.view.mode !== "online") {
    showMessage(`This game is played by two people on one screen: it has no invitation to take, and you are watching.`);
    return;
  }
  if (kind === "invite" && !open) {
    showMessage("That invitation has already been used: both seats are taken, and you are watching.");
    return;
  }
  const take = async (name) => {
    try {
      await api("POST", `/api/games/${G.id}/claim`, name ? { code, name } : { code });
      localStorage.setItem("hexarena-mine-" + G.id, "1");
      $("join").hidden = true;
      G.invited = null;
      await refresh();
      renderShare();
    } catch (e) {
      if (e.status === 409) { // someone else has the seat
        $("join").hidden = true;
        G.invited = null;
        render();
      }
      showMessage(e.message);
    }
  };
  if (kind === "device") { await take(null); return; }
  G.invited = G.view.seats.findIndex((s) => s.kind === "human" && !s.claimed);
  $("join").hidden = false;
  render();
  $("join-btn").addEventListener("click", () => take($("join-name").value.trim()));
  $("decline-btn").addEventListener("click", () => { // the link stays good for someone else
    $("join").hidden = true;
    G.invited = null;
    render();
  });
}
