// The Risk calculator's page: a form built from /api/params, answers fetched as you type.
// Plain JavaScript, no build step, nothing loaded from anywhere but this server.
"use strict";

(() => {
  const DEBOUNCE_MS = 200;
  const MATRIX = 12; // the strategy matrix shown covers at most MATRIX x MATRIX states
  const TABLE = 10; // the table shown covers at most TABLE x TABLE states
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const fields = {};
  let schema = null;
  let timer = null;
  let controller = null;
  let generation = 0;

  function element(tag, attributes = {}, text = "") {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text) node.textContent = text;
    return node;
  }

  function addField(info) {
    const box = document.querySelector(`[data-group="${info.group}"]`);
    if (!box) return;
    const label = element("label");
    let input;
    if (info.kind === "boolean") {
      input = element("input", { type: "checkbox" });
      input.checked = Boolean(info.default);
      label.classList.add("check");
    } else if (info.choices) {
      input = element("select");
      // No default: the edition's (or the classic) value, left to the server.
      if (info.default === null) input.append(element("option", { value: "" }, "(default)"));
      for (const choice of info.choices) input.append(element("option", { value: choice }, choice));
      if (info.default !== null) input.value = String(info.default);
    } else if (info.kind === "integer") {
      input = element("input", { type: "number", inputmode: "numeric", min: String(info.minimum) });
      if (info.default !== null) input.value = String(info.default);
      else input.placeholder = "default";
    } else {
      input = element("input", { type: "text" });
      if (info.default !== null) input.value = String(info.default);
      if (info.suggestions.length) {
        const list = element("datalist", { id: `list-${info.name}` });
        for (const s of info.suggestions) list.append(element("option", { value: s }));
        input.setAttribute("list", list.id);
        input.placeholder = info.suggestions[0];
        label.append(list);
      }
    }
    input.id = `f-${info.name}`;
    input.name = info.name;
    input.addEventListener("input", schedule);
    input.addEventListener("change", schedule);
    const title = element("span", {}, info.label);
    if (info.kind === "boolean") label.append(input, title);
    else label.append(title, input);
    // A flag's help describes the command-line switch, not the box: the label says it all.
    if (info.help && info.kind !== "boolean") label.append(element("small", {}, info.help));
    box.append(label);
    fields[info.name] = { input, info };
  }

  function value(name) {
    const field = fields[name];
    if (!field) return null;
    if (field.info.kind === "boolean") return field.input.checked ? "true" : "false";
    const text = field.input.value.trim();
    return text === "" ? null : text;
  }

  // The URL of one endpoint: `given` first, then every form field of `groups` it takes.
  function url(endpoint, given, groups) {
    const about = schema.endpoints[endpoint];
    const query = new URLSearchParams();
    for (const name of about.params) {
      let text = null;
      if (name in given) text = given[name];
      else if (fields[name] && groups.includes(fields[name].info.group)) text = value(name);
      if (text !== null) query.set(name, text);
    }
    return `${about.path}?${query}`;
  }

  async function get(address, signal) {
    const response = await fetch(address, { signal });
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || `${response.status} ${response.statusText}`);
    return body;
  }

  // One update's fetches: each address at most once, all cancelled by the next update.
  function fetcher(signal) {
    const asked = new Map();
    return (address) => {
      if (!asked.has(address)) asked.set(address, get(address, signal));
      return asked.get(address);
    };
  }

  function showError(id, error) {
    const box = $(id);
    if (error && error.name === "AbortError") return;
    box.hidden = !error;
    box.textContent = error ? error.message : "";
  }

  const decimals = (x, n = 4) => (typeof x === "number" ? x.toFixed(n) : "–");

  function playAsked() {
    const objective = value("objective");
    return value("choice") !== "max" || (objective !== null && objective !== "capture");
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(update, DEBOUNCE_MS);
  }

  async function update() {
    const mine = ++generation;
    if (controller) controller.abort();
    controller = new AbortController();
    const fetch = fetcher(controller.signal);
    document.body.dataset.busy = "1";
    const attackers = value("attackers");
    const defenders = value("defenders");
    const path = $("path").value.split(/[\s,]+/).filter(Boolean);
    const battle = { attackers, defenders };
    const jobs = [oddsPanel(battle, fetch), advicePanel(battle, fetch), needPanel(battle, fetch)];
    jobs.push(tablePanel(battle, fetch));
    jobs.push(chainPanel(battle, path, fetch), planPanel(fetch), fortifyPanel(fetch));
    await Promise.allSettled(jobs);
    if (mine === generation) document.body.dataset.busy = "";
  }

  const RULES = ["battle", "rules", "blitz", "output"];
  const PLAY = [...RULES, "play"];

  async function oddsPanel(battle, fetch) {
    const classic = url("odds", battle, RULES);
    const optimal = url("odds", battle, PLAY);
    $("odds-json").href = classic;
    $("play-json").href = optimal;
    $("play-json").hidden = !playAsked();
    // The classic battle's distribution stands on its own when optimal play is refused.
    const [odds, play] = await Promise.allSettled([
      fetch(classic),
      playAsked() ? fetch(optimal) : Promise.resolve(null),
    ]);
    const failed = [play, odds].find((answer) => answer.status === "rejected");
    showError("odds-error", failed ? failed.reason : null);
    if (odds.status === "fulfilled") {
      chart(odds.value);
      armiesLeft(odds.value);
    } else if (odds.reason.name !== "AbortError") {
      $("chart").replaceChildren();
      $("left").replaceChildren();
    }
    if (odds.status === "fulfilled" && play.status === "fulfilled") {
      headline(odds.value, play.value);
    } else if (!failed || failed.reason.name !== "AbortError") {
      $("p-capture").textContent = "–";
      $("p-note").textContent = "";
    }
  }

  function headline(odds, play) {
    const capture = !play || play.objective === "capture";
    const value = play ? play.value : odds.win_probability;
    $("p-label").textContent = capture ? "P(capture)" : `Value (objective ${play.objective})`;
    $("p-capture").textContent = decimals(value);
    const exact = play ? play.value_exact : odds.win_probability_exact;
    let note = play
      ? `under optimal play (choice ${play.choice}); both always rolling the most dice: ` +
        decimals(odds.win_probability)
      : "both always rolling the most dice";
    if (exact) note += `; exactly ${exact}`;
    $("p-note").textContent = note;
  }

  function chart(odds) {
    const svg = $("chart");
    svg.replaceChildren();
    const states = odds.final_states.filter((s) => s.probability >= 1e-4);
    const held = states.filter((s) => s.defender > 0).sort((s, t) => t.defender - s.defender);
    const captured = states.filter((s) => s.defender === 0).sort((s, t) => s.attacker - t.attacker);
    const bars = [...held, ...captured];
    const top = Math.max(...bars.map((s) => s.probability), 1e-9);
    const width = 400 / Math.max(bars.length, 1);
    // As many labels as fit: a digit is about 7 units wide in the 400-unit chart.
    const digits = String(Math.max(...bars.map((b) => b.attacker), ...bars.map((b) => b.defender))).length;
    const step = Math.ceil(bars.length / Math.floor(400 / (7 * digits + 12)));
    bars.forEach((state, i) => {
      const height = (state.probability / top) * 170;
      const bar = document.createElementNS(SVG, "rect");
      bar.setAttribute("x", String(i * width + width * 0.1));
      bar.setAttribute("y", String(190 - height));
      bar.setAttribute("width", String(width * 0.8));
      bar.setAttribute("height", String(height));
      bar.setAttribute("class", state.defender === 0 ? "won" : "held");
      const title = document.createElementNS(SVG, "title");
      title.textContent =
        state.defender === 0
          ? `captured with ${state.attacker} left: ${decimals(state.probability)}`
          : `held with ${state.defender} left: ${decimals(state.probability)}`;
      bar.append(title);
      svg.append(bar);
      if (i % step === 0) {
        const label = document.createElementNS(SVG, "text");
        label.setAttribute("x", String(i * width + width / 2));
        label.setAttribute("y", "210");
        label.textContent = String(state.defender === 0 ? state.attacker : state.defender);
        svg.append(label);
      }
    });
    const hidden = odds.final_states.length - states.length;
    $("chart-caption").textContent =
      "Where the battle ends, both always rolling the most dice: red, the defender holds " +
      "with that many armies; green, the attacker captures with that many left" +
      (hidden > 0 ? ` (${hidden} states below 0.0001 not drawn).` : ".");
  }

  function armiesLeft(odds) {
    const list = $("left");
    list.replaceChildren();
    for (const [term, number] of [
      ["Attacker's armies left (expected)", odds.expected_attacker_left],
      ["Defender's armies left (expected)", odds.expected_defender_left],
      ["Signed outcome (expected)", odds.expected_signed],
    ]) {
      list.append(element("dt", {}, term), element("dd", {}, decimals(number, 3)));
    }
  }

  async function advicePanel(battle, fetch) {
    const answers = $("answers");
    const matrix = $("matrix");
    if (!playAsked()) {
      answers.replaceChildren();
      matrix.replaceChildren();
      $("matrix-json").hidden = true;
      showError("advice-error", null);
      $("advice").textContent =
        "Both sides always roll the most dice they may, and stopping early never raises " +
        "P(capture). Choose another choice rule or objective to see where that changes.";
      return;
    }
    const grid = {
      max_attackers: String(Math.min(Number(battle.attackers) || 1, MATRIX)),
      max_defenders: String(Math.min(Number(battle.defenders) || 1, MATRIX)),
      exact: "false",
    };
    const cell = url("odds", battle, PLAY);
    const whole = url("strategy", grid, PLAY);
    $("matrix-json").href = whole;
    $("matrix-json").hidden = false;
    try {
      const [play, table] = await Promise.all([fetch(cell), fetch(whole)]);
      showError("advice-error", null);
      advice(play);
      strategyMatrix(table, battle);
    } catch (error) {
      showError("advice-error", error);
      if (error.name !== "AbortError") {
        for (const id of ["answers", "matrix"]) $(id).replaceChildren();
        $("advice").textContent = "";
      }
    }
  }

  function mixText(mix) {
    return mix
      .filter((m) => m.probability > 0)
      .map((m) => `${m.dice} ${m.dice === 1 ? "die" : "dice"} with probability ${decimals(m.probability, 3)}`)
      .join(", ");
  }

  function advice(play) {
    let text = `Attacker: ${play.attacker.text}.`;
    if (play.defender.text) text += ` Defender: ${play.defender.text}.`;
    const mixes = (mix) => mix && mix.filter((m) => m.probability > 0).length > 1;
    if (mixes(play.attacker.mixed)) text += ` The attacker mixes: ${mixText(play.attacker.mixed)}.`;
    if (mixes(play.defender.mixed)) text += ` The defender mixes: ${mixText(play.defender.mixed)}.`;
    $("advice").textContent = text;
    const answers = $("answers");
    answers.replaceChildren();
    const responses = play.defender.responses || [];
    const dice = play.attacker.moves.find((m) => typeof m === "number");
    const shown = responses.filter((r) => r.attacker_dice === dice);
    if (!shown.length) return;
    answers.append(
      element("h3", {}, `The defender's best answer when the attacker rolls ${dice} ${dice === 1 ? "die" : "dice"}`)
    );
    const chips = element("ul", { class: "chips" });
    for (const r of shown) {
      const best = r.dice.join(" or ");
      chips.append(element("li", {}, `${r.roll.join("-")} → ${best}`));
    }
    answers.append(chips, element("p", { class: "note" }, "attacker's top dice → dice the defender rolls"));
  }

  function strategyMatrix(table, battle) {
    const box = $("matrix");
    box.replaceChildren();
    const grid = element("table", { class: "matrix" });
    const head = element("tr");
    head.append(element("th", {}, "A\\D"));
    for (const d of table.defenders) head.append(element("th", {}, String(d)));
    grid.append(head);
    const codes = Object.keys(table.legend);
    table.cells.forEach((row, i) => {
      const tr = element("tr");
      tr.append(element("th", {}, String(table.attackers[i])));
      for (const cell of row) {
        const td = element("td", { class: `code${codes.indexOf(cell.code) % 8}`, title: cell.meaning }, cell.code);
        if (String(cell.attackers) === battle.attackers && String(cell.defenders) === battle.defenders) {
          td.classList.add("here");
        }
        tr.append(td);
      }
      grid.append(tr);
    });
    const legend = element("dl", { class: "legend" });
    for (const [code, meaning] of Object.entries(table.legend)) {
      legend.append(element("dt", { class: `code${codes.indexOf(code) % 8}` }, code), element("dd", {}, meaning));
    }
    box.append(element("h3", {}, `Optimal play at every state up to ${table.attackers.length} v ${table.defenders.length}`), grid, legend);
  }

  // A panel's error: shown in its own panel only, and the answer it replaces cleared, so
  // that no earlier answer stands above it.
  function failed(name, error, ...alsoCleared) {
    showError(`${name}-error`, error);
    if (error.name === "AbortError") return;
    for (const id of [name, ...alsoCleared]) $(id).replaceChildren();
  }

  // The battle's neighbourhood: the values of the table up to TABLE x TABLE states.
  async function tablePanel(battle, fetch) {
    const size = (n) => String(Math.min(Math.max(Number(n) || 1, 1), TABLE));
    const grid = { max_attackers: size(battle.attackers), max_defenders: size(battle.defenders) };
    const address = url("table", { ...grid, exact: "false" }, PLAY);
    $("table-json").href = address;
    try {
      const table = await fetch(address);
      showError("table-error", null);
      $("table").textContent = `${table.description}, rows A, columns D`;
      const rows = $("table-grid");
      rows.replaceChildren();
      const head = element("tr");
      head.append(element("th", {}, "A\\D"));
      for (const d of table.defenders) head.append(element("th", {}, String(d)));
      rows.append(head);
      table.values.forEach((values, i) => {
        const tr = element("tr");
        tr.append(element("th", {}, String(table.attackers[i])));
        values.forEach((x, j) => {
          const td = element("td", {}, decimals(x, 3));
          const here = String(table.attackers[i]) === battle.attackers;
          if (here && String(table.defenders[j]) === battle.defenders) td.classList.add("here");
          tr.append(td);
        });
        rows.append(tr);
      });
    } catch (error) {
      failed("table", error, "table-grid");
    }
  }

  async function needPanel(battle, fetch) {
    const address = url("need", { defenders: battle.defenders }, [...PLAY, "need"]);
    $("need-json").href = address;
    try {
      const need = await fetch(address);
      showError("need-error", null);
      let text =
        `${need.attackers} armies capture ${need.defenders.join(", ")} defenders with ` +
        `probability ${decimals(need.win_probability)} ≥ ${need.target}`;
      if (need.previous_probability !== null) {
        text += `; ${need.attackers - 1} would give ${decimals(need.previous_probability)}`;
      }
      $("need").textContent = `${text}.`;
    } catch (error) {
      failed("need", error);
    }
  }

  async function chainPanel(battle, path, fetch) {
    $("chain-panel").hidden = path.length === 0;
    if (!path.length) return;
    const defenders = [battle.defenders, ...path].join(",");
    const address = url("chain", { attackers: battle.attackers, defenders }, [...RULES, "chain"]);
    $("chain-json").href = address;
    const table = $("chain-table");
    try {
      const chain = await fetch(address);
      showError("chain-error", null);
      $("chain").textContent =
        `P(conquering all ${chain.defenders.length} territories): ${decimals(chain.win_probability)}`;
      table.replaceChildren();
      const head = element("tr");
      for (const h of ["territory", "defenders", "P(taken)"]) head.append(element("th", {}, h));
      table.append(head);
      for (const row of chain.capture_probabilities) {
        const tr = element("tr");
        for (const x of [row.territory, row.defenders, decimals(row.probability)]) {
          tr.append(element("td", {}, String(x)));
        }
        table.append(tr);
      }
    } catch (error) {
      failed("chain", error, "chain-table");
    }
  }

  async function planPanel(fetch) {
    const [from, defenders, target] = ["plan-from", "plan-defenders", "plan-target"].map(
      (id) => $(id).value.trim()
    );
    // A fortification question (armies to place, no defenders typed) is the fortify
    // panel's: the plan would only say the defenders are missing.
    const fortifying = value("armies") !== null && !defenders;
    $("plan-panel").hidden = !(from && target) || fortifying;
    if (!from || !target || fortifying) return;
    const given = { attackers: from, defenders: defenders || null, target };
    const address = url("plan", given, ["rules", "output", "plan"]);
    $("plan-json").href = address;
    try {
      const plan = await fetch(address);
      showError("plan-error", null);
      const move = plan.first_move;
      const first =
        move && move.action === "attack"
          ? `first attack ${move.target} from ${move.source} with ${move.dice} dice`
          : "do not attack";
      const placed = plan.reinforcement
        ? `Place ${placement(plan.reinforcement.best.placement)} first. `
        : "";
      $("plan").textContent =
        `${placed}${plan.objective_text}: ${decimals(plan.value)}; ${first}.`;
      $("plan-lines").textContent = plan.plan.join("\n");
    } catch (error) {
      failed("plan", error, "plan-lines");
    }
  }

  // "Siam 2, India 1": armies by territory.
  const placement = (armies) =>
    Object.entries(armies)
      .map(([name, n]) => `${name} ${n}`)
      .join(", ");

  // The defender's best placement of the armies asked for on the plan's position (the
  // defenders typed for the plan are not used: the defender places on every territory).
  async function fortifyPanel(fetch) {
    const [from, target] = ["plan-from", "plan-target"].map((id) => $(id).value.trim());
    const armies = value("armies");
    $("fortify-panel").hidden = !(from && target && armies);
    if (!from || !target || !armies) return;
    const address = url("fortify", { attackers: from, target }, ["rules", "output", "plan"]);
    $("fortify-json").href = address;
    try {
      const found = await fetch(address);
      showError("fortify-error", null);
      $("fortify").textContent =
        `Place ${placement(found.best.placement)}: the attacker's best is then ` +
        `${decimals(found.best.value)} (spread evenly ${decimals(found.spread_evenly.value)}, ` +
        `the border stacked ${decimals(found.stack_the_border.value)}).`;
    } catch (error) {
      failed("fortify", error);
    }
  }

  // The answers below the odds share one frame: a title, the answer, its error and its
  // JSON; index.html names each and holds what it shows besides.
  function answerPanels() {
    for (const panel of document.querySelectorAll("article[data-answer]")) {
      const name = panel.dataset.answer;
      const error = element("p", { id: `${name}-error`, class: "error" });
      error.hidden = true;
      const links = element("p", { class: "links" });
      links.append(element("a", { id: `${name}-json`, href: `/api/${name}` }, "JSON"));
      panel.prepend(element("h2", {}, panel.dataset.title), element("p", { id: name }), error);
      panel.append(links);
    }
  }

  async function init() {
    answerPanels();
    try {
      schema = await get("/api/params");
    } catch (error) {
      showError("odds-error", error);
      return;
    }
    for (const info of schema.form) addField(info);
    for (const id of ["path", "plan-from", "plan-defenders", "plan-target"]) {
      $(id).addEventListener("input", schedule);
    }
    document.body.dataset.ready = "1";
    await update();
  }

  init();
})();
