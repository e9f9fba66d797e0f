"""The page in a real headless browser (Debian's chromium, driven by Selenium through
chromedriver): type a regex and see the DFA and the verdicts, verify certificates and
witnesses, compile a formula and step through a word, separate two fragments, open a census
language, follow an answer's link.  Skips where chromium, chromedriver or Selenium is
absent (``.ci/run`` installs them; nothing is downloaded).

The screenshots of docs/web.md are taken here: into a temporary folder by default, into
docs/images/ with ``ATTNLOGIC_WEB_SCREENSHOTS=docs/images`` (the command that regenerates
the committed ones, docs/web.md)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from attnlogic import ltl
from attnlogic.automata.sources import load_language

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1100,860", "--force-device-scale-factor=1", "--lang=en-US"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    """Where the screenshots go (module docstring)."""
    target = os.environ.get("ATTNLOGIC_WEB_SCREENSHOTS")
    folder = Path(target) if target else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _shot(driver, folder: Path, name: str) -> Path:
    """A screenshot, its colours reduced to a palette (a small PNG for the docs)."""
    path = folder / name
    driver.save_screenshot(str(path))
    try:
        from PIL import Image
    except ImportError:
        return path
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)
    return path


def _wait(driver, condition, what: str, seconds: float = 60):
    """Wait until ``condition(driver)`` is truthy (a hang guard that fails naming ``what``)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition, message=what)


def _css(driver, selector):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def _verdicts(driver) -> dict[str, str]:
    return {row.get_attribute("data-fragment"): _css(row, "td.verdict")[0].text
            for row in _css(driver, "#verdicts tbody tr")}


def _type(element, text: str) -> None:
    element.clear()
    element.send_keys(text)


def _start(driver, server, tab: str | None = None) -> None:
    """The page, fresh, once its menus are filled; then its ``tab``."""
    driver.get(server.url + "/")
    _wait(driver, lambda d: _css(d, "#sep-a option") and _css(d, "#census-in input"), "the page's start")
    if tab is not None:
        _css(driver, f"#tab-{tab}-button")[0].click()


def _classified(driver):
    return _css(driver, "#dfa-svg svg") and _css(driver, "#verdicts tbody tr")


def test_type_a_regex_and_see_the_dfa_and_the_verdicts(server, browser, shots):
    _start(browser, server)
    _css(browser, "#src-regex")[0].click()
    _type(_css(browser, "#text")[0], "(a|b)*ab")
    _type(_css(browser, "#alphabet")[0], "ab")
    _css(browser, "#run-language")[0].click()
    _wait(browser, _classified, "the DFA and the verdict table")
    verdicts = _verdicts(browser)
    assert verdicts["LTL[Y]"] == "yes" and verdicts["LTL[P]"] == "no"
    assert _css(browser, "#dfa-svg svg")[0].size["width"] > 50
    assert "3 states" in _css(browser, "#lang-summary")[0].text
    cli = _css(browser, "#language-reproduce .answer-cli")[0].text
    # the command line asks under the server's budgets (serve's defaults: 20,000 states, half
    # of a worker's 3 GiB for one step's tables)
    assert cli == "attnlogic classify --regex '(a|b)*ab' --alphabet ab --max-states 20000 --memory-budget 1536M"
    _shot(browser, shots, "classify.png")
    # the answer's link reproduces it in a fresh page
    link = _css(browser, "#language-reproduce a.answer-link")[0].get_attribute("href")
    browser.get("about:blank")
    browser.get(link)
    _wait(browser, _classified, "the answer reproduced from its link")
    assert _verdicts(browser) == verdicts


def test_verify_re_checks_a_certificate_and_a_witness(server, browser, shots):
    from attnlogic.definability.engine.registry import CLASSES

    asked = [n for n in ("FO2[<]", "SL") if any(c.name == n and not c.default for c in CLASSES)]
    browser.get(server.url + "/?tab=language&source=regex&text=%28a%7Cb%29*ab&alphabet=ab"
                + (f"&classes={','.join(asked)}" if asked else ""))
    _wait(browser, _classified, "the classification from the link")
    for fragment in ["LTL[P]", "LTL[Y]", "LTL[Y<=2]"] + asked:
        row = _css(browser, f'#verdicts tr[data-fragment="{fragment}"]')[0]
        _css(row, "button.verify")[0].click()
        _wait(browser, lambda d: _css(row, ".verify-result.valid") or _css(row, ".verify-result.invalid"),
              f"the re-check of {fragment}")
        result = _css(row, ".verify-result")[0]
        assert "valid" in result.get_attribute("class").split() and result.text.startswith("✓ valid"), result.text
    browser.execute_script("document.querySelector('#verdicts').scrollIntoView()")
    _shot(browser, shots, "verify.png")


def test_compile_a_formula_step_through_a_word_and_download_it(server, browser, shots, tmp_path):
    _start(browser, server, "compile")
    _css(browser, "#src-formula")[0].click()
    _type(_css(browser, "#text")[0], "P (b & Y a)")
    _type(_css(browser, "#alphabet")[0], "ab")
    _css(browser, "#run-compile")[0].click()
    _wait(browser, lambda d: _css(d, "#compile-diagram svg"), "the compiled model's diagram")
    word = "abbab"
    _type(_css(browser, "#word")[0], word)
    _css(browser, "#run-word")[0].click()
    _wait(browser, lambda d: len(_css(d, "#prefix-table tbody tr")) == len(word) + 1, "the prefixes of the word")
    truth = [bool(x) for x in ltl.prefix_acceptance(ltl.parse("P (b & Y a)"), list(word))]
    trace = load_language(formula="P (b & Y a)", alphabet="ab").dfa.state_trace(list(word))
    _css(browser, "#step-first")[0].click()
    for n in range(len(word) + 1):
        current = _css(browser, "#prefix-table tbody tr.current")[0]
        assert current.get_attribute("data-n") == str(n)
        dfa, model = (_css(current, f"td.{c}")[0].text for c in ("dfa", "model"))
        expected = "accept" if truth[n] else "reject"
        assert dfa == model == expected, (n, dfa, model)
        lit = _css(browser, "#compile-dfa g.node.current-state title")
        assert [t.get_attribute("textContent") for t in lit] == [str(trace[n])]
        assert _css(browser, "#current-prefix")[0].text.startswith(f"w[:{n}] = ")
        _css(browser, "#step-next")[0].click()
    assert "2 layers, 2 heads" in _css(browser, "#compile-title")[0].text
    # the downloads: the compiled model's weights and sidecar, as the browser saves them
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    _css(browser, "#download-safetensors")[0].click()
    _css(browser, "#download-json")[0].click()
    _wait(browser, lambda d: {p.name for p in tmp_path.iterdir()} == {"model.safetensors", "model.json"},
          "the two downloads")
    from safetensors.torch import load_file

    from attnlogic.compiler import compile_formula
    here = compile_formula("P (b & Y a)", ["a", "b"]).model.state_dict()
    got = load_file(str(tmp_path / "model.safetensors"))
    assert sorted(got) == sorted(here) and all(bool((got[k] == here[k]).all()) for k in here)
    assert '"attnlogic-transformer"' in (tmp_path / "model.json").read_text(encoding="utf-8")
    _css(browser, "#step-first")[0].click()
    for _ in range(3):
        _css(browser, "#step-next")[0].click()
    _shot(browser, shots, "compile.png")


def test_upload_a_dfa_file(server, browser, tmp_path):
    from attnlogic.automata.io import dfa_text
    from attnlogic.definability.engine.classify import classify

    dfa = load_language(regex="(a|b)*a(a|b)", alphabet="ab").dfa
    path = tmp_path / "lang.hoa"
    path.write_text(dfa_text(dfa, "hoa"), encoding="utf-8")
    _start(browser, server)
    _css(browser, "#src-file")[0].click()
    _type(_css(browser, "#alphabet")[0], "")
    _css(browser, "#file")[0].send_keys(str(path))
    _wait(browser, lambda d: _css(d, "#file-text")[0].get_attribute("value").startswith("HOA:"), "the file read")
    _css(browser, "#run-language")[0].click()
    _wait(browser, _classified, "the uploaded language classified")
    here = classify(dfa, windows=(2,))
    assert _verdicts(browser) == {str(r.fragment): {True: "yes", False: "no", None: "?"}[r.member]
                                  for r in here.results}
    assert _css(browser, "#lang-title")[0].text == "DFA file lang.hoa"


def test_separate_two_fragments(server, browser, shots):
    from selenium.webdriver.support.ui import Select

    _start(browser, server, "separate")
    Select(_css(browser, "#sep-a")[0]).select_by_value("LTL[P]")
    Select(_css(browser, "#sep-b")[0]).select_by_value("LTL[Y]")
    _css(browser, "#run-separate")[0].click()
    _wait(browser, lambda d: _css(d, "#separate-body h2"), "the separation")
    assert _css(browser, "#separate-body h2")[0].text == "in LTL[P], not in LTL[Y]"
    formula = _css(browser, "#separate-body .sep-formula")[0].text
    lang = load_language(formula=formula, alphabet="ab").dfa
    from attnlogic.definability.engine.classify import classify
    c = classify(lang, windows=(2,))
    assert c["LTL[P]"].member is True and c["LTL[Y]"].member is False
    _shot(browser, shots, "separate.png")


def test_separate_two_languages(server, browser):
    """Two regexes and --by in the form: the verdict and the command line are the library's
    answer; the answer's link reproduces it."""
    from attnlogic.automata.regex import regex_to_dfa
    from attnlogic.definability.separation.separate_languages import separate

    _start(browser, server, "separate")
    _type(_css(browser, "#seplang-text1")[0], "(ab)*")
    _type(_css(browser, "#seplang-text2")[0], "(ab)*a")
    _type(_css(browser, "#seplang-by")[0], "PT")
    _css(browser, "#run-seplang")[0].click()
    _wait(browser, lambda d: _css(d, "#seplang-body h2"), "the answer")
    want = separate(regex_to_dfa("(ab)*", "ab"), regex_to_dfa("(ab)*a", "ab"), "PT")
    assert want.separable is False
    assert _css(browser, "#seplang-body h2")[0].text == "not separable by PT"
    assert _css(browser, "#seplang-body pre.seplang-text")[0].text == want.text()
    cli = _css(browser, "#seplang-reproduce .answer-cli")[0].text
    assert cli == "attnlogic separate --regex '(ab)*' --regex '(ab)*a' --alphabet ab --by PT"
    link = _css(browser, "#seplang-reproduce .answer-link")[0].get_attribute("href")
    browser.get(link)
    _wait(browser, lambda d: _css(d, "#seplang-body h2"), "the answer from its link")
    assert _css(browser, "#seplang-body h2")[0].text == "not separable by PT"


def test_open_a_census_language(server, browser, shots):
    from attnlogic.definability.census import census

    _start(browser, server, "census")
    _type(_css(browser, "#census-states")[0], "2")
    _type(_css(browser, "#census-alphabet")[0], "ab")
    _css(browser, '#census-in input[value="LTL[P]"]')[0].click()
    _css(browser, '#census-out input[value="LTL[Y]"]')[0].click()
    _css(browser, "#run-census")[0].click()
    _wait(browser, lambda d: _css(d, "#census-list tbody tr a.open-language"), "the census languages")
    here = census(2, "ab")
    names = [str(f) for f in here.fragments]
    p, y = names.index("LTL[P]"), names.index("LTL[Y]")
    count = sum(1 for e in here.entries if e.verdicts[p] is True and e.verdicts[y] is False)
    assert len(_css(browser, "#census-list tbody tr a.open-language")) == count
    _shot(browser, shots, "census.png")
    # a profile, clicked: the languages whose set of fragments is exactly that one
    _css(browser, "#census-profiles-box summary")[0].click()
    first, languages = here.profiles()[0]
    links = _css(browser, "#census-profiles a.profile")
    assert links[0].text == "{" + ", ".join(map(str, first)) + "}"
    links[0].click()
    _wait(browser, lambda d: len(_css(d, "#census-list tbody tr a.open-language")) == languages,
          "the languages of the profile")
    # back to in LTL[P], not in LTL[Y], and open one
    browser.back()
    _wait(browser, lambda d: len(_css(d, "#census-list tbody tr a.open-language")) == count,
          "the census of the link before")
    _css(browser, "#census-list tbody tr a.open-language")[0].click()
    _wait(browser, lambda d: _classified(d) and not _css(d, "#tab-language.hidden"), "the opened language")
    verdicts = _verdicts(browser)
    assert verdicts["LTL[P]"] == "yes" and verdicts["LTL[Y]"] == "no"
    # titled as the census language it is, not as an upload
    first = next(i for i, e in enumerate(here.entries) if e.verdicts[p] is True and e.verdicts[y] is False)
    states = here.entries[first].dfa.n_states
    assert _css(browser, "#lang-title")[0].text == \
        f"census language #{first}: {states} state{'s' * (states != 1)} over {{a, b}}"


def test_a_budget_hit_is_shown_as_a_refusal(server, browser):
    browser.get(server.url + "/?tab=language&source=regex&text=%28a%7Cb%29*ab&alphabet=ab")
    _wait(browser, _classified, "a first language")
    _type(_css(browser, "#text")[0], "(a|b)*a(a|b){18}")
    _css(browser, "#run-language")[0].click()
    _wait(browser, lambda d: _css(d, "#error.refusal"), "the refusal")
    text = _css(browser, "#error")[0].text
    assert text.startswith("refused:") and "Traceback" not in text
    # it names the server's budget, the option that raises it, and the command line
    assert "attnlogic serve --max-states 20000" in text
    assert text.endswith("or run the command line: attnlogic classify --regex '(a|b)*a(a|b){18}' --alphabet ab")
    # and nothing of the previous language stays on screen
    assert not _css(browser, "#language-out")[0].is_displayed()
    assert not _css(browser, "#dfa-svg svg") and not _css(browser, "#verdicts tbody tr")
    # the page stays usable
    _type(_css(browser, "#text")[0], "(a|b)*b")
    _css(browser, "#run-language")[0].click()
    _wait(browser, lambda d: _css(d, "#error.hidden") and _verdicts(d).get("LTL[Y]") == "yes", "the next answer")


def test_an_error_clears_the_previous_answer(server, browser):
    browser.get(server.url + "/?tab=language&source=formula&text=P%20%28b%20%26%20Y%20a%29&alphabet=ab")
    _wait(browser, _classified, "a first language")
    _type(_css(browser, "#text")[0], "P (b & ")
    _css(browser, "#run-language")[0].click()
    _wait(browser, lambda d: not _css(d, "#error.hidden"), "the parse error")
    assert "^" in _css(browser, "#error")[0].text                     # the caret line
    assert not _css(browser, "#language-out")[0].is_displayed()
    assert not _css(browser, "#verdicts tbody tr") and not _css(browser, "#language-reproduce a")


def test_long_links_wrap_instead_of_scrolling_the_page_sideways(server, browser):
    regex = "|".join(["(a|b)*ab"] * 60)                  # one language, a 540-letter regex
    _start(browser, server)
    _css(browser, "#src-regex")[0].click()
    _type(_css(browser, "#text")[0], regex)
    _type(_css(browser, "#alphabet")[0], "ab")
    _css(browser, "#run-language")[0].click()
    _wait(browser, _classified, "the long regex classified")
    link = _css(browser, "#language-reproduce a.answer-link")[0]
    width = browser.execute_script("return document.documentElement.clientWidth")
    assert len(link.text) > 1000 and link.rect["x"] + link.rect["width"] <= width
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width


def test_extract_a_model_see_its_dfa_verify_a_row_and_the_confirmed_difference(server, browser, shots, tmp_path):
    """The Extract tab: the compiled model of the language above, from a link (its DFA, the
    language's own, re-checked rows on the extracted DFA), then an uploaded model with one
    weight changed: every difference word shown is confirmed here by running the model."""
    import torch

    import attnlogic as al
    from attnlogic.transformer.io import save_model

    browser.get(server.url + "/?tab=extract&source=formula&text=P%20%28b%20%26%20Y%20a%29&alphabet=abc")
    _wait(browser, lambda d: _css(d, "#extract-svg svg") and _css(d, "#extract-verdicts tbody tr"),
          "the extracted DFA from the link")
    assert _css(browser, "#extract-verdict")[0].text.startswith("extract complete: a minimal DFA of 3 states, "
                                                                "the target's language")
    assert _css(browser, "#extract-validation")[0].text.startswith("validation: agrees with the model on")
    row = _css(browser, '#extract-verdicts tr[data-fragment="LTL[P]"]')[0]
    _css(row, "button.verify")[0].click()
    _wait(browser, lambda d: _css(row, ".verify-result.valid"), "the re-check of the extracted DFA's certificate")
    model = al.compile_formula("P (b & Y a)", "abc")
    with torch.no_grad():                      # the letter c now also reads as a
        model.model.embed.weight[model.vocab.alphabet.index("c"), model.plan.names.index("a")] = 1.0
    save_model(model.model, tmp_path / "changed.safetensors", model.metadata)
    _css(browser, "#extract-upload")[0].click()
    _css(browser, "#extract-weights")[0].send_keys(str(tmp_path / "changed.safetensors"))
    _css(browser, "#extract-sidecar")[0].send_keys(str(tmp_path / "changed.json"))
    _css(browser, "#run-extract")[0].click()
    _wait(browser, lambda d: _css(d, "#extract-words tbody tr") and _css(d, "#extract-difference")[0].is_displayed(),
          "the difference words of the uploaded model")
    assert "DIFFERS" in _css(browser, "#extract-verdict")[0].text
    target = al.load_language(formula="P (b & Y a)", alphabet="abc").dfa
    for tr in _css(browser, "#extract-words tbody tr"):
        word = _css(tr, "td.word")[0].text.replace("ε", "")
        model_says = bool(model.prefix_acceptance(word)[-1])
        assert model_says != target.accepts(list(word))
        assert _css(tr, "td")[2].text == ("accepts" if model_says else "rejects")
        assert _css(tr, "td.confirmed")[0].text.startswith("yes")
    assert _css(browser, "#extract-reproduce .answer-cli")[0].text == \
        "attnlogic extract --model changed.safetensors 'P (b & Y a)' --alphabet abc"
    _shot(browser, shots, "extract.png")
