// attnlogic serve: the Extract tab (POST /api/extract): the DFA a model computes, learned with
// the model as membership oracle and checked by attnlogic's checking engine, classified, and
// compared with the language above.  Loaded before app.js, whose helpers ($, el, api,
// languageRequest, verdictRow, remember, reproduce, openLanguage, info) it calls; it runs
// nothing until app.js's start() calls setupExtract().
"use strict";

// the request of the last extraction's DFA as a language (for the re-check buttons)
let extractedLanguage = null;

function extractModel() { return document.querySelector("input[name=extract-model]:checked").value; }

function showExtractModel() {
  $("extract-upload-row").classList.toggle("hidden", extractModel() !== "upload");
}

// the file's bytes as base64 (the request is JSON)
async function base64Of(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

async function extractRequest() {
  const body = {model: extractModel()};
  const target = $("extract-target").checked;
  if (body.model === "compiled" || target) {
    const language = languageRequest();
    delete language.classes;
    Object.assign(body, language);
  }
  if (target) body.target = true;
  if ($("extract-readout").value !== "auto") body.readout = $("extract-readout").value;
  const states = $("extract-states").value.trim(), queries = $("extract-queries").value.trim();
  if (states) body.hypothesis_states = Number(states);
  if (queries) body.max_queries = Number(queries);
  if (body.model === "upload") {
    const weights = $("extract-weights").files[0], sidecar = $("extract-sidecar").files[0];
    if (!weights || !sidecar) {
      showError({error: "upload the model's two files: its .safetensors weights and its JSON"});
      return null;
    }
    // a model over the server's request size is refused here, naming the budget and the command line
    const cap = info && info.budgets ? info.budgets.max_body : Infinity;
    if ((weights.size * 4) / 3 + sidecar.size > cap) {
      showError({error: `refused: the model's files (${(weights.size + sidecar.size).toLocaleString()} bytes) ` +
                        `do not fit this page's request size of ${cap.toLocaleString()} bytes (as base64); ` +
                        `run the command line: attnlogic extract --model ${weights.name}`, budget: "size"});
      return null;
    }
    body.weights = await base64Of(weights);
    body.sidecar = await sidecar.text();
    body.model_name = weights.name;
    const alphabet = $("extract-alphabet").value.trim();
    if (alphabet) body.model_alphabet = alphabet;
  }
  return body;
}

async function runExtract() {
  const request = await extractRequest();
  const data = request && await api("extract", request);
  if (!data) {
    extractedLanguage = null;
    clearAnswer("extract-out", "extract-reproduce");
    $("extract-verdicts").querySelector("tbody").replaceChildren();
    return;
  }
  const url = request.model === "compiled"
    ? remember({target: request.target ? "1" : "0", readout: request.readout, states: request.hypothesis_states,
                queries: request.max_queries})
    : location.href;
  renderExtract(data);
  reproduce("extract-reproduce", url, data.cli,
            request.model === "upload" ? "an uploaded model is not in the link: upload it again" : null);
}

function renderExtract(data) {
  $("extract-out").classList.remove("hidden");
  $("extract-title").textContent = `What ${data.model} computes`;
  const verdict = $("extract-verdict");
  verdict.textContent = data.verdict;
  verdict.className = "verdict-line " + (data.completed && (!data.target || data.target.same_language) ? "yes" : "no");
  $("extract-validation").textContent = "validation: " + data.validation;
  $("extract-stopped").classList.toggle("hidden", !data.stopped);
  $("extract-stopped").textContent = data.stopped || "";
  $("extract-lines").textContent = data.lines.join("\n");
  const box = $("extract-svg");
  extractedLanguage = null;
  if (data.dfa) {
    if (data.dfa.svg) box.innerHTML = data.dfa.svg.slice(data.dfa.svg.indexOf("<svg"));
    else box.textContent = `(${data.dfa.states} states: too many to draw)`;
    extractedLanguage = {source: "file", text: data.dfa.dfa_json, filename: "extracted.json"};
  } else {
    box.textContent = "(no DFA: the learning stopped before a first hypothesis)";
  }
  $("extract-open").classList.toggle("hidden", !data.dfa);
  const rows = data.results || [];
  $("extract-verdicts").querySelector("tbody").replaceChildren(
    ...rows.map((r) => verdictRow(r, data.separator, extractedLanguage)));
  const t = data.target;
  $("extract-difference").classList.toggle("hidden", !t || t.same_language !== false);
  if (t) {
    $("extract-words").querySelector("tbody").replaceChildren(...t.words.map((w) => el("tr", {"data-side": w.side},
      el("td", {class: "word"}, w.word === "" ? "ε" : w.word),
      el("td", {}, w.side === "extracted" ? "in the extracted language, not the target" : "in the target, not the extracted language"),
      el("td", {class: w.model_accepts ? "yes" : "no"}, w.model_accepts ? "accepts" : "rejects"),
      el("td", {class: w.target_accepts ? "yes" : "no"}, w.target_accepts ? "accepts" : "rejects"),
      el("td", {class: "confirmed " + (w.confirmed ? "yes" : "no")},
         w.confirmed ? "yes: a fresh forward pass" : "NO: the model agrees with the language"))));
    const diff = $("extract-diff-svg");
    if (t.difference_svg) diff.innerHTML = t.difference_svg.slice(t.difference_svg.indexOf("<svg"));
    else diff.replaceChildren();
  }
}

function fillExtractFromURL(q) {
  $("extract-compiled").checked = true;
  showExtractModel();
  $("extract-target").checked = q.get("target") !== "0";
  $("extract-readout").value = q.get("readout") || "auto";
  $("extract-states").value = q.get("states") || "";
  $("extract-queries").value = q.get("queries") || "";
  if (q.has("text")) runExtract();
}

function setupExtract() {
  for (const r of document.querySelectorAll("input[name=extract-model]")) r.addEventListener("change", showExtractModel);
  $("run-extract").addEventListener("click", () => runExtract());
  $("extract-open").addEventListener("click", (e) => {
    e.preventDefault();
    if (extractedLanguage) openLanguage("file", extractedLanguage.text, "", "the extracted DFA");
  });
}
