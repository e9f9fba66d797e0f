"""The page's Extract tab (POST /api/extract, issue 44) against independent means: a compiled
model's extracted DFA is its formula's minimal DFA (formula → DFA, not the compiler); an
uploaded model with one weight changed is extracted as a different language, and every
difference word the page prints is confirmed here by running the model itself; an experiment
checkpoint is read from its two files; the command line the answer names gives the same DFA;
budgets stop the learning with a note naming the budget and the command line; malformed
uploads get one 4xx line; nothing is left on disk."""

from __future__ import annotations

import base64
import itertools
import json
import shlex

import numpy as np
import pytest
import torch

import attnlogic as al
from attnlogic.automata.io import dfa_from_json

FORMULA = {"source": "formula", "text": "P (b & Y a)", "alphabet": "abc"}


def _perturbed():
    """The compiled model of P (b & Y a) over {a, b, c} with one weight changed: c reads as a."""
    model = al.compile_formula("P (b & Y a)", "abc")
    with torch.no_grad():
        model.model.embed.weight[model.vocab.alphabet.index("c"), model.plan.names.index("a")] = 1.0
    return model


def _upload(model) -> dict:
    from attnlogic.transformer.io import model_bytes

    weights, side = model_bytes(model.model, model.metadata)
    return {"model": "upload", "weights": base64.b64encode(weights).decode("ascii"), "sidecar": side.decode(),
            "model_name": "perturbed.safetensors"}


def _cli_dfa(line: str, tmp_path, monkeypatch, capsys, status: int):
    """The extracted DFA of the answer's command line, run in ``tmp_path`` (each part of an
    ``A && B`` line in turn: a compile exits 0, the extraction ``status``)."""
    from attnlogic.cli import main

    monkeypatch.chdir(tmp_path)
    out = None
    for part in line.split(" && "):
        words = shlex.split(part)
        assert words[0] == "attnlogic"
        capsys.readouterr()
        code = main(words[1:] + (["--json"] if words[1] == "extract" else []))
        out = capsys.readouterr().out
        assert code == (status if words[1] == "extract" else 0), (part, code)
    return dfa_from_json(json.dumps(json.loads(out)["dfa"]))


def test_a_compiled_model_is_extracted_as_its_formula_s_dfa_and_its_command_line_agrees(
        client, tmp_path, monkeypatch, capsys):
    answer = client.post("/api/extract", json={**FORMULA, "model": "compiled", "target": True})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    source = al.formula_to_dfa(al.parse("P (b & Y a)"), "abc").minimal()
    extracted = dfa_from_json(data["dfa"]["dfa_json"])
    assert data["completed"] and extracted == source and data["dfa"]["states"] == source.n_states
    assert data["target"]["same_language"] is True and data["target"]["words"] == []
    assert data["validation"].startswith("agrees with the model on") and "equivalent" not in data["validation"]
    assert data["stopped"] is None and data["dfa"]["svg"].lstrip().startswith("<")
    # the classification rows are the library's of that DFA (classified here)
    here = al.classify(source, windows=(2,))
    assert {r["fragment"]: r["member"] for r in data["results"]} == {str(r.fragment): r.member for r in here.results}
    assert data["cli"] == ("attnlogic compile 'P (b & Y a)' --alphabet abc --out model.safetensors && "
                           "attnlogic extract --model model.safetensors 'P (b & Y a)' --alphabet abc")
    assert _cli_dfa(data["cli"], tmp_path, monkeypatch, capsys, 0) == extracted


def test_an_uploaded_model_with_one_weight_changed_differs_and_every_word_is_real(
        client, tmp_path, monkeypatch, capsys):
    model = _perturbed()
    answer = client.post("/api/extract", json={**FORMULA, **_upload(model), "target": True})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    target = al.load_language(formula="P (b & Y a)", alphabet="abc").dfa
    extracted = dfa_from_json(data["dfa"]["dfa_json"])
    assert data["completed"] and data["target"]["same_language"] is False and extracted != target.minimal()
    assert data["target"]["words"] and "DIFFERS" in data["verdict"]
    for w in data["target"]["words"]:              # confirmed by the model's own forward pass, here
        model_says = bool(model.prefix_acceptance(w["word"])[-1])
        assert model_says == w["model_accepts"] != target.accepts(list(w["word"])) == w["target_accepts"]
        assert w["confirmed"] and extracted.accepts(list(w["word"])) == model_says
    # the extracted DFA agrees with the model on every word up to length 6
    for n in range(7):
        for word in map("".join, itertools.product("abc", repeat=n)):
            assert extracted.accepts(list(word)) == bool(model.prefix_acceptance(word)[-1]), word
    assert data["cli"] == "attnlogic extract --model perturbed.safetensors 'P (b & Y a)' --alphabet abc"
    from attnlogic.transformer.io import save_model
    save_model(model.model, tmp_path / "perturbed.safetensors", model.metadata)
    assert _cli_dfa(data["cli"], tmp_path, monkeypatch, capsys, 1) == extracted


def test_an_experiment_checkpoint_is_read_from_its_two_files(client, tmp_path):
    from attnlogic.experiments.evaluate import predict
    from attnlogic.experiments.train import TrainConfig, save_checkpoint, train

    cfg = TrainConfig("ENDS-A", pattern="global", d_model=8, n_layers=1, n_heads=1, steps=10, batch_size=16,
                      lr=3e-3, train_max_length=8, threads=1)
    trained = train(cfg, progress=False)
    save_checkpoint(tmp_path, cfg, trained.model, torch.optim.Adam(trained.model.parameters()), cfg.steps,
                    trained.losses)
    body = {"model": "upload", "model_name": "checkpoint.safetensors",
            "weights": base64.b64encode((tmp_path / "checkpoint.safetensors").read_bytes()).decode("ascii"),
            "sidecar": (tmp_path / "checkpoint.json").read_text(), "source": "regex", "text": "(a|b|c)*a",
            "alphabet": "abc", "target": True, "hypothesis_states": 6, "max_queries": 20_000}
    answer = client.post("/api/extract", json=body)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["readout"] == "eos" and data["alphabet"] == ["a", "b", "c"] and "checkpoint" in data["model"]
    assert "--model CHECKPOINT_DIR" in data["cli"]
    assert data["completed"] or "run the command line: attnlogic extract --model CHECKPOINT_DIR" in data["stopped"]
    model = trained.model.eval()
    for w in data["target"]["words"]:            # the experiment's own predict (not attnlogic.testing)
        word = np.array([["abc".index(a) for a in w["word"]]], dtype=np.int64).reshape(1, len(w["word"]))
        assert bool(predict(model, word, 3)[0]) == w["model_accepts"]
        assert w["target_accepts"] == w["word"].endswith("a") and w["confirmed"]


def test_a_budget_stops_the_learning_with_a_note_naming_it_and_the_command_line(client):
    answer = client.post("/api/extract", json={**FORMULA, "model": "compiled", "max_queries": 3})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert not data["completed"] and "INCOMPLETE" in data["verdict"] and "NOT validated" in data["validation"]
    assert "query budget of 3 words" in data["stopped"]
    assert data["stopped"].endswith("run the command line: attnlogic compile 'P (b & Y a)' --alphabet abc --out "
                                    "model.safetensors && attnlogic extract --model model.safetensors --max-queries 3")
    # the server's time budget: the worker is stopped, the refusal names the option and the command line
    slow = client.post("/api/extract", json={**FORMULA, "text": "P (a & Y b) & P (c & Y a)", "model": "compiled",
                                             "time_budget": 0.05})
    assert slow.status_code == 422 and slow.json()["budget"] == "time"
    assert "`attnlogic serve --time-budget 30`" in slow.json()["error"]
    assert slow.json()["error"].endswith("attnlogic extract --model model.safetensors")


@pytest.mark.parametrize("body,field", [
    ({"model": "upload", "weights": "AAAA"}, "sidecar"),
    ({"model": "upload", "weights": "AAAA", "sidecar": "{"}, "sidecar"),
    ({"model": "upload", "weights": "AAAA", "sidecar": "{}"}, "sidecar"),
    ({"model": "upload", "weights": "not base64!", "sidecar": '{"format": "attnlogic-transformer"}'}, "weights"),
    ({"model": "compiled"}, "source"),
    ({"model": "compiled", **FORMULA, "weights": "AAAA"}, "weights"),
    ({"model": "upload", "weights": "AAAA", "sidecar": "{}", **FORMULA}, "target"),
    ({"model": "trained", **FORMULA}, "model"),
    ({"model": "compiled", **FORMULA, "max_queries": 0}, "max_queries"),
])
def test_a_malformed_extraction_request_gets_one_line_naming_the_field(client, body, field):
    answer = client.post("/api/extract", json=body)
    assert answer.status_code == 400, answer.text
    message = answer.json()["error"]
    assert "\n" not in message and f"'{field}'" in message, message


def test_weights_that_are_no_safetensors_are_refused_naming_the_file(client):
    model = _perturbed()
    body = {**_upload(model), "weights": base64.b64encode(b"\x80\x03not a model").decode("ascii")}
    answer = client.post("/api/extract", json=body)
    assert answer.status_code == 400 and "not a safetensors file" in answer.json()["error"], answer.text


def test_an_extraction_leaves_nothing_on_disk(server, client):
    assert client.post("/api/extract", json={**FORMULA, **_upload(_perturbed()), "target": True}).status_code == 200
    assert sorted(p.name for p in server.cwd.iterdir()) == []
