// attnlogic serve: the page.  Plain JavaScript, no library, nothing fetched but this server's
// own /api.  The state of every answer lives in the URL's query (tab, source, text,
// alphabet, windows, classes, word, a, b, n, calpha, cwin, in, out), so a link reproduces it.
"use strict";

const $ = (id) => document.getElementById(id);
const MAX_LINK_TEXT = 6000;        // a file's text goes into the link up to this many characters
let info = null;
let lastLanguage = null;           // the request of the last classification
let compileState = null;           // {request, prefixes, cursor}
let languageTitle = null;          // the title of a language opened from the census (null: its source's)
const SOURCE_TABS = ["language", "compile", "extract"];     // the tabs that read the language above

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// -- talking to the server -------------------------------------------------------------------
async function api(kind, body) {
  showError(null);
  $("busy").classList.remove("hidden");
  try {
    const response = await fetch("/api/" + kind, {method: "POST", headers: {"Content-Type": "application/json"},
                                                   body: JSON.stringify(body)});
    if (kind === "download" && response.ok) return await response.blob();
    let data;
    try { data = await response.json(); } catch (e) { data = {error: `HTTP ${response.status}`}; }
    if (!response.ok) { showError(data); return null; }
    return data;
  } catch (e) {
    showError({error: "the server did not answer: " + e});
    return null;
  } finally {
    $("busy").classList.add("hidden");
  }
}

function showError(data) {
  const box = $("error");
  if (!data) { box.classList.add("hidden"); box.textContent = ""; return; }
  box.textContent = [data.error, ...(data.details || [])].join("\n");
  box.classList.toggle("refusal", Boolean(data.budget));
  box.classList.remove("hidden");
}

// -- the state in the URL ---------------------------------------------------------------------
function currentTab() { return document.querySelector("nav .tab.active").dataset.tab; }

function sourceState() {
  const source = document.querySelector("input[name=src]:checked").value;
  const text = source === "file" ? $("file-text").value : $("text").value;
  return {source, text, alphabet: $("alphabet").value.trim(), windows: $("windows").value.trim(),
          classes: [...document.querySelectorAll("#classes input:checked")].map((c) => c.value)};
}

function windowsList(text) {
  const ks = (text || "").split(/[\s,]+/).filter(Boolean).map(Number);
  return ks.length ? ks : [2];
}

function languageRequest() {
  const s = sourceState();
  const body = {source: s.source, text: s.text, windows: windowsList(s.windows)};
  if (s.alphabet) body.alphabet = s.alphabet;
  if (s.classes.length) body.classes = s.classes;
  if (s.source === "file" && $("file").files.length) body.filename = $("file").files[0].name;
  if (s.source === "file" && $("one-hot").checked) body.one_hot = true;
  return body;
}

function stateURL(extra) {
  const q = new URLSearchParams();
  q.set("tab", currentTab());
  const s = sourceState();
  if (SOURCE_TABS.includes(currentTab())) {
    q.set("source", s.source);
    if (s.source !== "file" || s.text.length <= MAX_LINK_TEXT) q.set("text", s.text);
    if (s.alphabet) q.set("alphabet", s.alphabet);
    if (s.windows && s.windows !== "2") q.set("windows", s.windows);
    if (s.classes.length) q.set("classes", s.classes.join(","));
    if (s.source === "file" && $("one-hot").checked) q.set("one_hot", "1");
  }
  for (const [k, v] of Object.entries(extra || {})) if (v !== undefined && v !== "") q.set(k, v);
  return location.origin + location.pathname + "?" + q.toString();
}

function remember(extra) {
  const url = stateURL(extra);
  if (url !== location.href) history.pushState(null, "", url);
  return url;
}

function reproduce(boxId, url, cli, note) {
  const box = $(boxId);
  box.replaceChildren(
    el("div", {}, "link to this answer: ", el("a", {href: url, class: "answer-link"}, url)),
    el("div", {}, "command line: ", el("code", {class: "answer-cli"}, cli), copyButton(cli)));
  if (note) box.append(el("div", {class: "hint"}, note));
}

function copyButton(text) {
  const b = el("button", {class: "copy", type: "button", title: "copy"}, "copy");
  b.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(text));
  return b;
}

// -- tabs --------------------------------------------------------------------------------------
function showTab(tab) {
  for (const b of document.querySelectorAll("nav .tab")) b.classList.toggle("active", b.dataset.tab === tab);
  for (const p of document.querySelectorAll(".tabpanel")) p.classList.toggle("hidden", p.id !== "tab-" + tab);
  $("source").classList.toggle("hidden", !SOURCE_TABS.includes(tab));
  $("run-language").classList.toggle("hidden", tab !== "language");
  $("run-compile").classList.toggle("hidden", tab !== "compile");
  $("run-extract").classList.toggle("hidden", tab !== "extract");
  showError(null);
}

function showSource(kind) {
  $("text-row").classList.toggle("hidden", kind === "file");
  $("file-row").classList.toggle("hidden", kind !== "file");
  $("text").placeholder = kind === "formula" ? "P (b & Y a)" : "(a|b)*ab";
}

// -- language ----------------------------------------------------------------------------------
const VERDICT = {true: ["yes", "yes"], false: ["no", "no"], null: ["?", "undecided"]};

// an answer that failed leaves nothing of the previous one on screen: only the message
function clearAnswer(outId, reproduceId) {
  $(outId).classList.add("hidden");
  $(reproduceId).replaceChildren();
}

async function runLanguage() {
  const request = languageRequest();
  const data = await api("language", request);
  if (!data) {
    lastLanguage = null;
    clearAnswer("language-out", "language-reproduce");
    $("dfa-svg").replaceChildren();
    $("verdicts").querySelector("tbody").replaceChildren();
    return;
  }
  lastLanguage = request;
  const url = remember(languageTitle ? {title: languageTitle} : {});
  renderLanguage(data);
  reproduce("language-reproduce", url, data.cli,
            request.source === "file" && request.text.length > MAX_LINK_TEXT
              ? "the file is too long for the link: upload it again" : null);
}

function renderLanguage(data) {
  $("language-out").classList.remove("hidden");
  const lang = data.language;
  $("lang-title").textContent = languageTitle || lang.description;
  const sg = data.semigroup.size === null ? `not enumerated (${data.semigroup.note})` : data.semigroup.size;
  $("lang-summary").textContent =
    `minimal DFA: ${lang.states} state${lang.states === 1 ? "" : "s"} over {${lang.alphabet.join(", ")}}; ` +
    `syntactic semigroup: ${sg} element${data.semigroup.size === 1 ? "" : "s"}`;
  $("lang-warnings").replaceChildren(...data.warnings.map((w) => el("li", {}, w)));
  const box = $("dfa-svg");
  if (data.svg) box.innerHTML = data.svg.slice(data.svg.indexOf("<svg"));
  else box.textContent = `(${lang.states} states: too many to draw)`;
  const body = $("verdicts").querySelector("tbody");
  body.replaceChildren(...data.results.map((r) => verdictRow(r, data.separator)));
}

// language: the request of the language the row is about (default: the last classification's)
function verdictRow(r, sep, language) {
  const [word, cls] = VERDICT[r.member];
  const tr = el("tr", {"data-fragment": r.fragment});
  tr.append(el("td", {class: "fragment"}, r.fragment), el("td", {class: "pattern"}, r.pattern || "—"),
            el("td", {class: "verdict " + cls}, word));
  const cell = el("td", {class: "evidence"});
  const fields = (c) => typeof c === "string" ? c : Object.entries(c).map(([k, v]) =>
    `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join("\n");
  let check = null;
  if (r.formula !== null) {
    const text = r.formula;
    cell.append(el("pre", {class: "cert"}, text), copyButton(text));
    if (r.definitions.length) cell.append(el("div", {class: "hint"}, `${r.definitions.length} shared definitions; the text parses back as written`));
    check = {fragment: r.fragment, formula: text};
  } else if (r.witness && r.witness.accepted === undefined) {      // a class's witness of its own kind
    cell.append(el("pre", {class: "cert"}, fields(r.witness)));
  } else if (r.witness) {
    const w = r.witness;
    const depth = w.depth === null ? "at every depth" : `at depth ≤ ${w.depth}`;
    cell.append(el("div", {class: "witness"}, el("span", {class: "yes"}, `'${w.accepted}' in`), ", ",
                   el("span", {class: "no"}, `'${w.rejected}' out`), `: no formula of ${r.fragment} tells them apart ${depth}`));
    if (w.family) {
      const f = w.family;
      const part = (p, block, s) => [p, `(${block})^K`, s].filter(Boolean).join("·");
      cell.append(el("div", {class: "family"},
        `pumped: in ${part(f.in[0], f.block, f.in[1])}, out ${part(f.out[0], f.out_block || f.block, f.out[1])}, ` +
        `K = ${f.start}${f.step ? `, ${f.start + f.step}, …` : ""}`));
    }
    // a pair printed for every depth is a family's instance: its family is what is checked
    check = w.depth === null ? {fragment: r.fragment, witness: [w.accepted, w.rejected], family: true}
                             : {fragment: r.fragment, witness: [w.accepted, w.rejected], depth: w.depth};
  } else if (r.certificate) {
    cell.append(el("pre", {class: "cert"}, fields(r.certificate)));
  }
  const how = r.recheck;             // how this answer is re-checked (null: it is not)
  if (!how) check = null;
  else if (how.kind === "answer")
    check = {fragment: r.fragment, answer: Object.fromEntries(["member", "certificate", "witness"]
                                                               .filter((k) => k in r).map((k) => [k, r[k]]))};
  else if (how.kind === "identity") check = {identity: how.identity, semigroup: how.semigroup, member: r.member};
  if (r.identity) cell.append(el("div", {class: "method"}, r.identity));
  cell.append(el("div", {class: "method"}, r.method));
  tr.append(cell);
  const action = el("td", {class: "verify-cell"});
  if (check) {
    const button = el("button", {class: "verify", type: "button"}, "verify");
    const out = el("div", {class: "verify-result"});
    button.addEventListener("click", () => verify(check, out, language));
    action.append(button, out);
  }
  tr.append(action);
  return tr;
}

async function verify(check, out, language) {
  out.textContent = "checking…";
  out.className = "verify-result";
  const body = {...(language || lastLanguage), ...check};
  delete body.classes;
  delete body.windows;
  const data = await api("verify", body);
  if (!data) { out.textContent = "not checked (see the message above)"; return; }
  out.className = "verify-result " + (data.valid ? "valid" : "invalid");
  out.replaceChildren(el("div", {}, (data.valid ? "✓ valid: " : "✗ NOT valid: ") + data.reason),
                      el("code", {class: "hint"}, data.cli));
  if (data.note) out.append(el("div", {class: "hint"}, data.note));
}

// -- compile -----------------------------------------------------------------------------------
async function runCompile(word) {
  const request = {...languageRequest(), word: word === undefined ? $("word").value : word};
  delete request.classes;
  const data = await api("compile", request);
  if (!data) {
    compileState = null;
    clearAnswer("compile-out", "compile-reproduce");
    return;
  }
  compileState = {request, prefixes: data.prefixes, cursor: data.prefixes.length - 1};
  const url = remember({word: request.word});
  $("compile-out").classList.remove("hidden");
  $("compile-title").textContent = `${data.language}: ${data.layers} layers, ${data.heads} heads, width ${data.width}`;
  $("compile-lines").textContent = data.lines.join("\n");
  const box = $("compile-diagram");
  if (data.diagram) box.innerHTML = data.diagram.slice(data.diagram.indexOf("<svg"));
  else box.replaceChildren(el("pre", {}, data.heads_detail.map((h) => `layer ${h.layer}  ${h.pattern}  ${h.computes}`).join("\n")));
  const dfaBox = $("compile-dfa");
  if (data.dfa_svg) dfaBox.innerHTML = data.dfa_svg.slice(data.dfa_svg.indexOf("<svg"));
  else dfaBox.replaceChildren();
  renderPrefixes();
  reproduce("compile-reproduce", url, data.cli);
}

function renderPrefixes() {
  const {prefixes, cursor} = compileState;
  const body = $("prefix-table").querySelector("tbody");
  body.replaceChildren(...prefixes.map((p) => {
    const agree = p.dfa === p.model;
    const tr = el("tr", {"data-n": String(p.n), class: p.n === cursor ? "current" : ""},
      el("td", {}, String(p.n)), el("td", {class: "prefix"}, p.prefix === "" ? "ε" : p.prefix),
      el("td", {class: "state"}, String(p.state)),
      el("td", {class: "dfa " + (p.dfa ? "yes" : "no")}, p.dfa ? "accept" : "reject"),
      el("td", {class: "model " + (p.model ? "yes" : "no")}, p.model ? "accept" : "reject"),
      el("td", {class: agree ? "yes" : "no"}, agree ? "agree" : "DISAGREE"));
    tr.addEventListener("click", () => { compileState.cursor = p.n; renderPrefixes(); });
    return tr;
  }));
  const p = prefixes[cursor];
  $("current-prefix").textContent = `w[:${p.n}] = ${p.prefix === "" ? "ε" : p.prefix}: ` +
    `DFA in state ${p.state}, ${p.dfa ? "accepts" : "rejects"}; model ${p.model ? "accepts" : "rejects"}`;
  // the DFA's current state, highlighted in its drawing (graphviz names each node by its state)
  for (const g of document.querySelectorAll("#compile-dfa g.node")) {
    const title = g.querySelector("title");
    g.classList.toggle("current-state", Boolean(title) && title.textContent === String(p.state));
  }
}

function step(to) {
  if (!compileState) return;
  const last = compileState.prefixes.length - 1;
  compileState.cursor = Math.max(0, Math.min(last, to(compileState.cursor, last)));
  renderPrefixes();
}

async function download(what) {
  if (!compileState) return;
  const body = {...compileState.request, what};
  delete body.word;
  const blob = await api("download", body);
  if (!blob) return;
  const a = el("a", {href: URL.createObjectURL(blob), download: what === "json" ? "model.json" : "model.safetensors"});
  document.body.append(a);
  a.click();
  a.remove();
}

// -- separate ----------------------------------------------------------------------------------
async function runSeparate() {
  const a = $("sep-a").value, b = $("sep-b").value;
  const data = await api("separate", {a, b});
  if (!data) { clearAnswer("separate-out", "separate-reproduce"); return; }
  const url = remember({a, b});
  const out = $("separate-body");
  $("separate-out").classList.remove("hidden");
  if (data.inclusion) {
    const i = data.inclusion;
    out.replaceChildren(el("h2", {}, `${i.fragment_in} ⊆ ${i.fragment_out}`), el("p", {}, i.reason));
    if (i.rewriting) out.append(el("p", {}, "rewriting: ", el("code", {}, i.rewriting)));
  } else {
    const s = data.separation;
    const open = el("a", {href: "#", class: "open-language"}, "open this language");
    open.addEventListener("click", (e) => { e.preventDefault(); openLanguage("formula", s.formula, s.alphabet.join("")); });
    out.replaceChildren(
      el("h2", {}, `in ${s.in.fragment}, not in ${s.not_in.fragment}`),
      el("p", {}, el("code", {class: "sep-formula"}, s.formula), copyButton(s.formula), `  (regex ${s.regex} over {${s.alphabet.join(", ")}}): ${s.description}`),
      el("p", {}, `in ${s.in.fragment}: `, el("code", {}, s.in.formula || "—"), el("div", {class: "method"}, s.in.method)),
      el("p", {}, `not in ${s.not_in.fragment}: '${s.witness.accepted}' in, '${s.witness.rejected}' out` +
                  (s.witness.depth === null ? " at every depth" : ` at depth ≤ ${s.witness.depth}`),
         el("div", {class: "method"}, s.not_in.method)),
      open);
  }
  reproduce("separate-reproduce", url, data.cli);
}

// -- separate two languages (separate --by) ----------------------------------------------------
const SEPARABLE = {true: "separable", false: "not separable", null: "undecided"};

async function runSeparateLanguages() {
  const body = {source1: $("seplang-src1").value, text1: $("seplang-text1").value,
                source2: $("seplang-src2").value, text2: $("seplang-text2").value,
                alphabet: $("seplang-alphabet").value, by: $("seplang-by").value};
  const data = await api("separate_languages", body);
  if (!data) { clearAnswer("seplang-out", "seplang-reproduce"); return; }
  const url = remember({l1: body.text1, s1: body.source1, l2: body.text2, s2: body.source2,
                        lalpha: body.alphabet, by: body.by});
  $("seplang-out").classList.remove("hidden");
  const out = $("seplang-body");
  out.replaceChildren(
    el("h2", {class: "seplang-verdict"}, `${SEPARABLE[data.separable]} by ${data.by}`),
    el("p", {class: "method"}, data.method),
    el("pre", {class: "seplang-text"}, data.text));
  if (data.separator) out.append(el("details", {}, el("summary", {}, "the separator's certificate (JSON)"),
                                    el("pre", {}, JSON.stringify(data.separator, null, 1))));
  if (data.proof) out.append(el("details", {}, el("summary", {}, "the proof (JSON; attnlogic verify re-checks it)"),
                                el("pre", {}, JSON.stringify(data.proof, null, 1))));
  reproduce("seplang-reproduce", url, data.cli);
}

// -- census ------------------------------------------------------------------------------------
function fragmentBoxes(id, names, checked) {
  $(id).replaceChildren(...names.map((n) => el("label", {class: "fragment-box"},
    Object.assign(el("input", {type: "checkbox", value: n}), {checked: checked.includes(n)}), " " + n)));
}

function censusFragments() {
  const ks = windowsList($("census-windows").value);
  const names = ["LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]"];
  for (const k of ks) names.push(`LTL[Y<=${k}]`, `LTL[P,Y<=${k}]`);
  return names;
}

function checkedIn(id) { return [...document.querySelectorAll(`#${id} input:checked`)].map((c) => c.value); }

async function runCensus() {
  const body = {states: Number($("census-states").value), alphabet: $("census-alphabet").value.trim(),
                windows: windowsList($("census-windows").value), in: checkedIn("census-in"), out: checkedIn("census-out")};
  const data = await api("census", body);
  if (!data) { clearAnswer("census-out-box", "census-reproduce"); return; }
  const url = remember({n: body.states, calpha: body.alphabet, cwin: $("census-windows").value.trim(),
                        in: body.in.join(";"), out: body.out.join(";")});
  $("census-out-box").classList.remove("hidden");
  const total = Object.values(data.languages).reduce((a, b) => a + b, 0);
  $("census-summary").textContent = `${total} languages with at most ${body.states} states over {${body.alphabet.split("").join(", ")}}; ` +
    `${data.matching} in every one of {${body.in.join(", ")}} and in none of {${body.out.join(", ")}}` +
    (data.undecided ? `; ${data.undecided} answers undecided` : "");
  const sizes = Object.keys(data.languages);
  const counts = $("census-counts");
  counts.querySelector("thead").replaceChildren(el("tr", {}, el("th", {}, "fragment"), el("th", {}, "pattern"),
    ...sizes.map((n) => el("th", {}, `${n} states`))));
  counts.querySelector("tbody").replaceChildren(...data.fragments.map((f) => el("tr", {},
    el("td", {}, f), el("td", {}, data.counts[f].pattern || "—"),
    ...sizes.map((n) => el("td", {}, `${data.counts[f].yes[n]} / ${data.languages[n]}`)))));
  $("census-profiles").replaceChildren(...data.profiles.map((p) => {
    const show = el("a", {href: "#", class: "profile"}, `{${p.fragments.join(", ")}}`);
    show.addEventListener("click", (ev) => {        // exactly this profile: in these, in none of the others
      ev.preventDefault();
      fragmentBoxes("census-in", censusFragments(), p.fragments);
      fragmentBoxes("census-out", censusFragments(), data.fragments.filter((f) => !p.fragments.includes(f)));
      runCensus();
    });
    return el("li", {}, `${p.languages} languages in `, show);
  }));
  const alphabet = body.alphabet;
  $("census-list").querySelector("tbody").replaceChildren(...data.listed.map((e) => {
    const open = el("a", {href: "#", class: "open-language"}, "open");
    const title = `census language #${e.index}: ${e.states} state${e.states === 1 ? "" : "s"} over ` +
                  `{${alphabet.split("").join(", ")}}`;
    open.addEventListener("click", (ev) => { ev.preventDefault(); openLanguage("file", e.dfa_json, alphabet, title); });
    return el("tr", {}, el("td", {}, String(e.index)), el("td", {}, String(e.states)),
      el("td", {}, JSON.stringify(e.transitions)), el("td", {}, JSON.stringify(e.accepting)),
      el("td", {}, Object.entries(e.member).filter(([, v]) => v).map(([k]) => k).join(" ")), el("td", {}, open));
  }));
  if (data.matching > data.listed.length)
    $("census-list").querySelector("tbody").append(el("tr", {}, el("td", {colspan: "6", class: "hint"},
      `… and ${data.matching - data.listed.length} more (the command line lists them all)`)));
  reproduce("census-reproduce", url, data.cli);
}

function openLanguage(source, text, alphabet, title) {
  document.querySelector(`input[name=src][value=${source}]`).checked = true;
  showSource(source);
  if (source === "file") $("file-text").value = text; else $("text").value = text;
  $("alphabet").value = source === "file" ? "" : alphabet;
  languageTitle = title || null;
  showTab("language");
  runLanguage();
}

// -- start -------------------------------------------------------------------------------------
function fillFromURL() {
  const q = new URLSearchParams(location.search);
  const tab = q.get("tab") || "language";
  const source = q.get("source") || "regex";
  const radio = document.querySelector(`input[name=src][value=${CSS.escape(source)}]`);
  if (radio) radio.checked = true;
  showSource(source);
  if (q.has("text")) { if (source === "file") $("file-text").value = q.get("text"); else $("text").value = q.get("text"); }
  if (q.has("alphabet")) $("alphabet").value = q.get("alphabet");
  else if (q.has("text")) $("alphabet").value = "";
  if (q.has("windows")) $("windows").value = q.get("windows");
  $("one-hot").checked = q.get("one_hot") === "1";
  const classes = (q.get("classes") || "").split(",").filter(Boolean);
  for (const c of document.querySelectorAll("#classes input")) c.checked = classes.includes(c.value);
  languageTitle = q.get("title");
  if (q.has("word")) $("word").value = q.get("word");
  if (q.has("a")) $("sep-a").value = q.get("a");
  if (q.has("b")) $("sep-b").value = q.get("b");
  for (const [k, id] of [["l1", "seplang-text1"], ["s1", "seplang-src1"], ["l2", "seplang-text2"],
                         ["s2", "seplang-src2"], ["lalpha", "seplang-alphabet"], ["by", "seplang-by"]])
    if (q.has(k)) $(id).value = q.get(k);
  if (q.has("n")) $("census-states").value = q.get("n");
  if (q.has("calpha")) $("census-alphabet").value = q.get("calpha");
  if (q.has("cwin")) $("census-windows").value = q.get("cwin");
  const names = censusFragments();
  fragmentBoxes("census-in", names, (q.get("in") || "").split(";"));
  fragmentBoxes("census-out", names, (q.get("out") || "").split(";"));
  showTab(tab);
  if (tab === "language" && q.has("text")) runLanguage();
  else if (tab === "compile" && q.has("text")) runCompile(q.get("word") || "");
  else if (tab === "separate" && q.has("by")) runSeparateLanguages();
  else if (tab === "separate" && q.has("a")) runSeparate();
  else if (tab === "census" && q.has("n")) runCensus();
  else if (tab === "extract") fillExtractFromURL(q);
}

async function start() {
  const response = await fetch("/api/info");
  info = await response.json();
  const names = info.fragments.map((f) => f.fragment);
  for (const id of ["sep-a", "sep-b"]) $(id).replaceChildren(...names.map((n) => el("option", {value: n}, n)));
  $("sep-a").value = "LTL[P]";
  $("sep-b").value = "LTL[Y]";
  $("classes").replaceChildren(...info.classes.map((c) =>
    el("label", {}, el("input", {type: "checkbox", value: c}), " " + c)));
  const b = info.budgets;
  $("budgets").textContent = `budgets per request: ${b.time_budget} s, ${b.max_states.toLocaleString()} states, ` +
                             `${Math.round(b.memory / 2 ** 20).toLocaleString()} MiB`;
  for (const t of document.querySelectorAll("nav .tab"))
    t.addEventListener("click", () => { showTab(t.dataset.tab); history.pushState(null, "", stateURL()); });
  for (const r of document.querySelectorAll("input[name=src]")) r.addEventListener("change", () => showSource(r.value));
  // a census language's title goes with its text: an edit or another source makes it the user's
  for (const id of ["text", "file-text", "file", "alphabet"]) $(id).addEventListener("input", () => { languageTitle = null; });
  for (const r of document.querySelectorAll("input[name=src]")) r.addEventListener("change", () => { languageTitle = null; });
  $("file").addEventListener("change", async () => {
    const f = $("file").files[0];
    if (f) $("file-text").value = await f.text();
  });
  $("run-language").addEventListener("click", runLanguage);
  $("run-compile").addEventListener("click", () => runCompile());
  $("run-word").addEventListener("click", () => runCompile());
  $("text").addEventListener("keydown", (e) => {
    if (e.key === "Enter") ({compile: runCompile, extract: runExtract}[currentTab()] || runLanguage)();
  });
  $("word").addEventListener("keydown", (e) => { if (e.key === "Enter") runCompile(); });
  $("step-first").addEventListener("click", () => step(() => 0));
  $("step-prev").addEventListener("click", () => step((c) => c - 1));
  $("step-next").addEventListener("click", () => step((c) => c + 1));
  $("step-last").addEventListener("click", () => step((c, last) => last));
  $("download-safetensors").addEventListener("click", () => download("safetensors"));
  $("download-json").addEventListener("click", () => download("json"));
  $("run-separate").addEventListener("click", runSeparate);
  $("run-seplang").addEventListener("click", runSeparateLanguages);
  $("run-census").addEventListener("click", runCensus);
  $("census-windows").addEventListener("change", () => {
    const names = censusFragments();
    fragmentBoxes("census-in", names, checkedIn("census-in"));
    fragmentBoxes("census-out", names, checkedIn("census-out"));
  });
  setupExtract();
  window.addEventListener("popstate", fillFromURL);
  fillFromURL();
}

start();
