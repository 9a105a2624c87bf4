// The course's one player: step through a learning run in the browser, with no kernel round trip.
//
// One source for every front end. perceptron_lib/widgets.py reads this file and uses it three ways:
// - PlayableRun (decks, pages, trusted notebooks) embeds it in a script element with every step's data,
//   then calls perceptronPlayer(root, {...});
// - TraceStepper (JupyterLab, JupyterLite, VS Code, Colab: any front end that runs widgets) is an
//   anywidget whose ES module is this file followed by `export default {render: perceptronWidget}`.
//   The kernel sends the steps it has drawn; the front end asks for the ones it lacks and keeps them.
// - the views that need a kernel (UnitView, DualView, BoundExplorer) are anywidgets of kind "controls": their named
//   controls (perceptronControls) ask the kernel for a state, and it answers with the picture, the text and the
//   spoken line in one message (perceptronLive).
// The markup comes from Python (widgets._player_markup), the same in both, and says in words what to
// do while no script runs (its controls are disabled then); this script enables them.
//
// Keyboard and screen reader: the buttons come first in the Tab order, then the labelled slider (and, on a narrow
// screen, "enlarge the picture"); each button is named by its word, its drawn icon hidden from screen readers;
// Enter and Space press a button, the arrow keys step, Home and End go to the first and last step,
// and none of these keys reaches the page (a deck would turn the slide, JupyterLab would move to
// another cell); focus stays where it is, with a visible ring; a polite live region says each step.

const PERCEPTRON_PLAYER_CSS = `
.perceptron-player button:focus-visible, .perceptron-player input:focus-visible,
.perceptron-player .frame:focus-visible,
.perceptron-controls input:focus-visible, .perceptron-controls select:focus-visible,
.perceptron-controls button:focus-visible {outline: 3px solid #0a58ca; outline-offset: 2px;}
.perceptron-player button, .perceptron-controls button {font-size: inherit; padding: 0.15em 0.6em;}
.perceptron-player button[aria-pressed=true] {box-shadow: inset 0 0 0 2px currentColor;}
.perceptron-player .announce, .perceptron-controls .announce {position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap;}
.perceptron-player .waiting, .perceptron-controls .waiting {display: none;}
.perceptron-controls label {display: inline-flex; gap: 0.3em; align-items: center; margin-right: 1em;}
.perceptron-controls input[type=number] {width: 5em;}
.perceptron-busy .perceptron-shown {opacity: 0.55;}
`;

// A picture sent by the kernel (base64 PNG, or SVG text) as an address for an img element.
function perceptronSource(frame) {
  return frame.startsWith("<svg") ? "data:image/svg+xml;charset=utf-8," + encodeURIComponent(frame)
                                  : "data:image/png;base64," + frame;
}

function perceptronStyle(root) {
  if (root.querySelector("style.perceptron-style")) return;
  const style = document.createElement("style");
  style.className = "perceptron-style";
  style.textContent = PERCEPTRON_PLAYER_CSS;
  root.prepend(style);
}

// Keys that operate a control and must not reach the page around it.
const PERCEPTRON_KEYS = ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", " ", "Enter", "Home", "End",
                         "PageUp", "PageDown"];

// Take those keys first: a window listener in the capture phase runs before any listener of the page
// (JupyterLite's JupyterLab, unlike JupyterLab's, reads keys in the capture phase at the document, and
// would move to another cell). `handle(e)` acts on a keydown inside `root`; the key goes no further, and
// the control's own default action (a button's Enter and Space, a slider's arrows) still happens.
// Returns the function that stops listening.
function perceptronKeys(root, handle) {
  function onKey(e) {
    if (!PERCEPTRON_KEYS.includes(e.key) || !root.contains(e.target)) return;
    if (e.type === "keydown" && handle) handle(e);
    e.stopPropagation();
  }
  window.addEventListener("keydown", onKey, true);
  window.addEventListener("keyup", onKey, true);
  return function() {
    window.removeEventListener("keydown", onKey, true);
    window.removeEventListener("keyup", onKey, true);
  };
}

// root: the player's markup. options: {last, steps: {k: {frame, text, table, say, alt}}, interval,
// ask(list of k) to fetch missing steps (optional), told(k) when the step changes (optional)}.
function perceptronPlayer(root, options) {
  if (root.dataset.ready) return root.perceptronPlayer;
  root.dataset.ready = "1";
  perceptronStyle(root);
  const last = options.last, steps = Object.assign({}, options.steps || {}), asked = new Set();
  const interval = options.interval || 900, ahead = options.ahead || 16;
  const img = root.querySelector("img"), slider = root.querySelector("input[type=range]");
  const text = root.querySelector(".arithmetic"), table = root.querySelector(".table");
  const label = root.querySelector(".step"), play = root.querySelector('[data-go="play"]');
  const announce = root.querySelector(".announce");
  const faces = {play: play.querySelector(".play"), pause: play.querySelector(".pause")};
  const frame = root.querySelector(".frame"), enlarge = root.querySelector("button.enlarge");
  root.querySelectorAll("button, input").forEach(function(c) { c.disabled = false; });
  let k = Number(slider.value) || 0, timer = null;

  function want(from, to) {
    const missing = [];
    for (let j = Math.max(0, from); j <= Math.min(last, to); j++)
      if (!(j in steps) && !asked.has(j)) { missing.push(j); asked.add(j); }
    if (missing.length && options.ask) options.ask(missing);
  }
  // Pictures near the one shown are decoded ahead (and kept decoded while near), so a step only swaps them in.
  const decoded = new Map();
  function decodeNear() {
    for (const j of decoded.keys()) if (Math.abs(j - k) > 4) decoded.delete(j);
    for (let j = Math.max(0, k - 2); j <= Math.min(last, k + 2); j++) {
      if (j in steps && !decoded.has(j)) {
        const ahead = new Image();
        ahead.src = perceptronSource(steps[j].frame);
        if (ahead.decode) ahead.decode().catch(function() {});
        decoded.set(j, ahead);
      }
    }
  }
  function paint(quiet) {
    const s = steps[k];
    slider.value = k;
    slider.setAttribute("aria-valuetext", "step " + k + " of " + last);
    label.textContent = "step " + k + " of " + last;
    if (s) {
      img.src = decoded.has(k) ? decoded.get(k).src : perceptronSource(s.frame);
      img.alt = s.alt;
      img.removeAttribute("title");
      text.innerHTML = s.text;
      table.innerHTML = s.table;
      if (!quiet) announce.textContent = s.say;
      setTimeout(decodeNear, 0);
    } else {
      text.textContent = "step " + k + ": drawing it (the kernel sends it when it is free)";
      if (!quiet) announce.textContent = "step " + k + " of " + last + ": drawing";
    }
  }
  function show(j, quiet) {
    k = Math.max(0, Math.min(last, j));
    paint(quiet);
    want(k - ahead, k + ahead);
    if (options.told) options.told(k);
  }
  // The play button shows what a press does: play, or pause while playing.
  function playing(on) {
    faces.play.style.display = on ? "none" : "";
    faces.pause.style.display = on ? "" : "none";
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; playing(false); } }
  function tick() {
    if (k >= last) { stop(); announce.textContent = "stopped at the end: " + (steps[k] ? steps[k].say : ""); return; }
    if (!(k + 1 in steps)) { want(k + 1, k + 1 + ahead); return; }   // wait for it: the next tick tries again
    show(k + 1, true);
  }
  root.querySelectorAll("button[data-go]").forEach(function(b) {
    b.addEventListener("click", function(e) {
      e.stopPropagation();
      if (b.dataset.go === "play") {
        if (timer) { stop(); announce.textContent = "paused at " + (steps[k] ? steps[k].say : "step " + k); return; }
        if (k === last) show(0, true);
        playing(true);
        timer = setInterval(tick, interval);
        announce.textContent = "playing from step " + k;
      } else { stop(); show(k + Number(b.dataset.go)); }
    });
  });
  slider.addEventListener("input", function() { stop(); show(Number(slider.value)); });
  // A picture drawn smaller than its pixels (on a phone, its text under 9 px) can be enlarged to them: its text
  // as drawn, the picture scrolling sideways in its frame, which then takes a Tab stop and the arrow keys. The
  // button shows only then; a picture whose width the page set itself (a deck scales its pictures) is left as it is.
  const fitted = img.getAttribute("style");
  // its own size: the width its markup gives it (its pixels over DENSITY: drawn at 2 px per px shown), else its pixels
  function own() { return Number(img.getAttribute("width")) || img.naturalWidth; }
  function enlarged() { return enlarge.getAttribute("aria-pressed") === "true"; }
  function offerEnlarging() {
    const shown = img.offsetWidth;   // 0 while not laid out (a hidden slide, a folded output): nothing to judge
    const shrunk = img.naturalWidth > 0 && !img.style.width && shown > 0 && shown < 0.9 * own();
    enlarge.style.display = shrunk || enlarged() ? "" : "none";
  }
  enlarge.addEventListener("click", function(e) {
    e.stopPropagation();
    const on = !enlarged();
    enlarge.setAttribute("aria-pressed", String(on));
    const natural = ";max-width:none;max-height:none;height:auto;width:" + own() + "px";
    img.setAttribute("style", on ? fitted + natural : fitted);
    if (on) {
      frame.tabIndex = 0;
      frame.setAttribute("role", "group");
      frame.setAttribute("aria-label", "the picture at its own size: scroll sideways to see all of it");
    } else {
      ["tabindex", "role", "aria-label"].forEach(function(name) { frame.removeAttribute(name); });
    }
    announce.textContent = on ? "the picture at its own size: scroll sideways to see all of it"
                              : "the picture fitted to the page";
  });
  const resized = window.ResizeObserver ? new ResizeObserver(offerEnlarging) : null;
  if (resized) resized.observe(frame);
  img.addEventListener("load", offerEnlarging);
  offerEnlarging();
  const unlisten = perceptronKeys(root, function(e) {
    const step = {ArrowRight: 1, ArrowLeft: -1, ArrowUp: 1, ArrowDown: -1}[e.key];
    const own = e.target === slider || e.target === frame;   // they take the keys themselves: a step, a scroll
    if (step && !own) { e.preventDefault(); stop(); show(k + step); }
    if ((e.key === "Home" || e.key === "End") && !own) {
      e.preventDefault(); stop(); show(e.key === "Home" ? 0 : last);
    }
  });
  const player = {
    add: function(more) {
      Object.keys(more).forEach(function(j) { steps[j] = more[j]; asked.delete(Number(j)); });
      if (k in more) paint(false);
    },
    show: function(j) { if (j !== k) { stop(); show(j, false); } },
    close: function() { stop(); unlisten(); if (resized) resized.disconnect(); },
    step: function() { return k; },
  };
  root.perceptronPlayer = player;
  want(k - ahead, k + ahead);
  decodeNear();
  return player;
}

// Labelled controls of numbers (weights, sizes, a margin): each a slider and a number box that carry
// the same name, kept in step; `changed(values)` hears every move. The markup comes from Python
// (widgets._controls_markup).
function perceptronControls(root, changed) {
  if (root.dataset.ready) return root.perceptronControls;
  root.dataset.ready = "1";
  perceptronStyle(root);
  const announce = root.querySelector(".announce");
  const fields = [...root.querySelectorAll("[data-field]")];
  root.querySelectorAll("button, input, select").forEach(function(c) { c.disabled = false; });
  function values() {
    const out = {};
    fields.forEach(function(f) {
      const box = f.querySelector("input[type=number], select");
      out[f.dataset.field] = box.tagName === "SELECT" ? box.value : Number(box.value);
    });
    return out;
  }
  fields.forEach(function(f) {
    const inputs = [...f.querySelectorAll("input")];
    inputs.forEach(function(input) {
      input.addEventListener("input", function() {
        if (input.value === "" || isNaN(Number(input.value))) return;
        const v = Math.max(Number(input.min), Math.min(Number(input.max), Number(input.value)));
        inputs.forEach(function(other) { if (other !== input) other.value = v; });
        changed(values(), f.dataset.field);
      });
    });
    f.querySelectorAll("select").forEach(function(s) {
      s.addEventListener("change", function() { changed(values(), f.dataset.field); });
    });
  });
  root.querySelectorAll("button[data-action]").forEach(function(b) {
    b.addEventListener("click", function(e) { e.stopPropagation(); changed(values(), b.dataset.action); });
  });
  const unlisten = perceptronKeys(root, null);
  const controls = {
    unlisten: unlisten,
    // Show the values `given` (the kernel's), except in the fields named in `keep` (moved since the last request);
    // a box that already holds the number (a "1." being typed) is left as it is.
    set: function(given, keep) {
      fields.forEach(function(f) {
        const name = f.dataset.field;
        if (!(name in given) || (keep && keep.has(name))) return;
        f.querySelectorAll("input, select").forEach(function(i) {
          const same = i.tagName === "SELECT" ? i.value === String(given[name])
                                              : i.value !== "" && Number(i.value) === Number(given[name]);
          if (!same) i.value = given[name];
        });
      });
    },
    say: function(words) { if (announce) announce.textContent = words; },
    values: values,
  };
  root.perceptronControls = controls;
  return controls;
}

// A view that needs the kernel (widgets._Controls: a unit's weights, both spaces, the bound's explorer): the browser
// asks, the kernel draws. One request is out at a time, numbered: {ask, values, action}; what the controls do
// meanwhile (a held key, a drag, presses of run) is kept as one newest request, sent once the kernel has answered,
// and only if it asks for something else than the answered one, so the kernel draws only the latest state and
// nothing queues up behind a held key. The answer is one synced trait, "shown": the picture, its name, the text and
// the spoken line, put in place together once the picture is decoded.
function perceptronLive(model, el, root) {
  const view = el.querySelector(".perceptron-view"), shown = el.querySelector(".perceptron-shown");
  const picture = shown.querySelector("img"), text = shown.querySelector(".perceptron-text");
  let asked = 0, waiting = 0, out = null, next = null, painting = 0;
  function same(a, b) { return JSON.stringify([a.values, a.action || null]) === JSON.stringify([b.values, b.action || null]); }
  function send(request) {
    asked = Math.max(asked, model.get("shown").asked || 0) + 1;
    waiting = asked;
    out = request;
    model.send({ask: asked, values: request.values, action: request.action});
    if (request.action) {            // a run takes seconds: what shows is dimmed (stale) until it comes
      view.classList.add("perceptron-busy");
      shown.setAttribute("aria-busy", "true");
      controls.say("running");
    }
  }
  const controls = perceptronControls(root, function(values, what) {
    const action = what && root.querySelector('button[data-action="' + what + '"]') ? what : null;
    if (!waiting) { send({values: values, action: action}); return; }
    const moved = next ? next.moved : new Set();
    if (!action) moved.add(what);
    next = {values: values, action: action || (next && next.action), moved: moved};
  });
  function paint(s) {
    if (!s.frame) return;
    const mine = ++painting, source = perceptronSource(s.frame), ready = new Image();
    ready.src = source;
    (ready.decode ? ready.decode() : Promise.resolve()).catch(function() {}).then(function() {
      if (mine !== painting) return;            // a newer answer came meanwhile: it shows instead
      picture.src = source;
      picture.alt = picture.title = s.name;
      text.innerHTML = s.text;
      controls.say(s.said);
      if (!waiting) { view.classList.remove("perceptron-busy"); shown.removeAttribute("aria-busy"); }
    });
  }
  function answered() {
    const s = model.get("shown");
    if (waiting && s.asked >= waiting) {
      waiting = 0;
      const request = next;
      next = null;
      if (request && !same(request, out)) send(request);   // the same again (a press during its run): answered
    }
    paint(s);
  }
  // The kernel's values (a run's step sets the weights; Python set them): shown, except where the student has
  // moved a control since the last request, which that request will bring.
  function follow() {
    controls.set(model.get("values"), next && next.moved);
    if (next) next.values = controls.values();
  }
  model.on("change:values", follow);
  model.on("change:shown", answered);
  paint(model.get("shown"));
  return function() { controls.unlisten(); model.off("change:values", follow); model.off("change:shown", answered); };
}

// anywidget's entry: the same player (model "kind" = "player") or a view's controls ("controls"), wired to the kernel.
function perceptronWidget({ model, el }) {
  el.innerHTML = model.get("markup");
  const root = el.querySelector(".perceptron-player, .perceptron-controls");
  if (model.get("kind") === "controls") return perceptronLive(model, el, root);
  let telling = null;
  const player = perceptronPlayer(root, {
    last: model.get("last"), steps: model.get("steps"), interval: model.get("interval"),
    ask: function(ks) { model.send({ want: ks }); },
    // The kernel hears where the player rests, once it rests (not at every step: its reply, the
    // kernel's busy and idle, would land in the frames of the next steps).
    told: function(k) {
      clearTimeout(telling);
      telling = setTimeout(function() {
        if (model.get("step") !== k) { model.set("step", k); model.save_changes(); }
      }, 400);
    },
  });
  const heard = function(message) { if (message && message.steps) player.add(message.steps); };
  const moved = function() { player.show(model.get("step")); };
  model.on("msg:custom", heard);
  model.on("change:step", moved);
  if (model.get("step")) player.show(model.get("step"));
  return function() { clearTimeout(telling); player.close(); model.off("msg:custom", heard); model.off("change:step", moved); };
}
