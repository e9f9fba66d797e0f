"""The regex parser (automata/regex.py, one pass with a stack, no parser library at start-up)
against an LALR(1) parser that lark builds from the grammar file automata/regex.lark: the
same tree for every token list that the grammar derives, and the same first unexpected
token (or the end) for every other one — exhaustively over short token lists, and on random
long ones."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from attnlogic.automata import regex as rx
from attnlogic.kernel.errors import ParseError

GRAMMAR = Path(rx.__file__).with_name("regex.lark")

#: one token of each kind of the grammar (REPEAT: "{2}", RANGE: "a-b")
KINDS = ["LETTER", "RANGE", "REPEAT", "_DOT", "_LPAR", "_RPAR", "_EPS", "_EMPTYSET", "_BAR", "_STAR",
         "_PLUS", "_QMARK", "_LBRACK", "_RBRACK", "_CARET"]
TEXT = {"LETTER": "a", "RANGE": "a-b", "REPEAT": "{2}", "_DOT": ".", "_LPAR": "(", "_RPAR": ")",
        "_EPS": "ε", "_EMPTYSET": "∅", "_BAR": "|", "_STAR": "*", "_PLUS": "+", "_QMARK": "?",
        "_LBRACK": "[", "_RBRACK": "]", "_CARET": "^"}


def _lark_parser():
    """The reference: lark's LALR(1) parser of regex.lark over our tokens, building the same
    raw tuples (one callback per alias of the grammar)."""
    from lark import Lark, Transformer
    from lark.lexer import Lexer

    class TokenLexer(Lexer):
        def __init__(self, lexer_conf):
            pass

        def lex(self, data):
            yield from data

    class Build(Transformer):
        def letter(self, items):
            return ("sym", items[0])

        def any(self, items):
            return ("any",)

        def klass(self, items):
            return ("class", False, tuple(items))

        def negklass(self, items):
            return ("class", True, tuple(items))

        def epsilon(self, items):
            return rx.Eps()

        def empty(self, items):
            return rx.Empty()

        def star(self, items):
            return ("star", items[0])

        def plus(self, items):
            return ("plus", items[0])

        def optional(self, items):
            return ("opt", items[0])

        def repeat(self, items):
            return ("repeat", items[0], rx._bounds(rx._REPEAT.match(str(items[1]))), items[1].column)

        def concat(self, items):
            return ("cat",) + tuple(items)

        def alt(self, items):
            return ("alt",) + tuple(items)

    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", lexer=TokenLexer, transformer=Build())


LARK = None


def _reference(tokens):
    """lark's tree of the token list, or ("error", column of the unexpected token / None at
    the end)."""
    global LARK
    from lark import Token as LarkToken
    from lark.exceptions import UnexpectedEOF, UnexpectedToken

    if LARK is None:
        LARK = _lark_parser()
    lark_tokens = [LarkToken(t.type, str(t), start_pos=t.start_pos, line=1, column=t.column,
                             end_pos=t.end_pos) for t in tokens]
    try:
        return _plain(LARK.parse(lark_tokens))
    except UnexpectedToken as exc:
        return ("error", None if exc.token.type == "$END" else exc.token.column)
    except UnexpectedEOF:
        return ("error", None)


def _ours(tokens):
    try:
        return _plain(rx._parse_raw(tokens))
    except rx._Unexpected as exc:
        return ("error", None if exc.token is rx._END else exc.token.column)


def _is_error(result) -> bool:
    return isinstance(result, tuple) and result[:1] == ("error",)


def _plain(node):
    """A raw tree with each token as (type, text, column), comparable across the parsers."""
    if isinstance(node, tuple):
        return tuple(_plain(x) for x in node)
    if isinstance(node, str) and hasattr(node, "type"):
        return (node.type, str(node), node.column)
    return node


def _tokens(kinds):
    out, pos = [], 0
    for k in kinds:
        out.append(rx.Token(k, TEXT[k], start_pos=pos, column=pos + 1))
        pos += len(TEXT[k])
    return out


def test_the_parser_agrees_with_the_grammar_on_every_short_token_list():
    """Every token list of up to 4 tokens (15 kinds: 54,240 lists), and of 5 tokens over the
    kinds outside classes (8 kinds: 32,768 lists): the same tree or the same error token."""
    lists = [p for n in range(1, 5) for p in itertools.product(KINDS, repeat=n)]
    lists += list(itertools.product(["LETTER", "_LPAR", "_RPAR", "_BAR", "_STAR", "REPEAT", "_EPS", "_LBRACK"],
                                    repeat=5))
    parsed = 0
    for kinds in lists:
        tokens = _tokens(kinds)
        ours = _ours(tokens)
        assert ours == _reference(tokens), kinds
        parsed += not _is_error(ours)
    assert parsed > 1000               # the comparison covers trees, not only errors


def test_the_parser_agrees_with_the_grammar_on_random_long_token_lists():
    """Random lists of 6 to 40 tokens, biased towards well-formed regexes (a third of the
    lists are regexes printed from random trees, then perhaps cut or changed at one token)."""
    rng = random.Random(45)
    ok = 0
    for _ in range(1500):
        if rng.random() < 0.35:
            kinds = _random_regex(rng, 5)
            if rng.random() < 0.5 and kinds:
                i = rng.randrange(len(kinds))
                kinds = kinds[:i] + ([rng.choice(KINDS)] if rng.random() < 0.5 else []) + kinds[i + 1:]
        else:
            kinds = [rng.choice(KINDS) for _ in range(rng.randint(6, 40))]
        if not kinds:
            continue
        tokens = _tokens(kinds)
        ours = _ours(tokens)
        assert ours == _reference(tokens), kinds
        ok += not _is_error(ours)
    assert ok > 300


def _random_regex(rng, depth):
    """The token kinds of a random well-formed regex."""
    r = rng.random()
    if depth == 0 or r < 0.3:
        return rng.choice([["LETTER"], ["_DOT"], ["_EPS"], ["_EMPTYSET"], ["_LPAR", "_RPAR"],
                           ["_LBRACK", "LETTER", "RANGE", "_RBRACK"], ["_LBRACK", "_CARET", "LETTER", "_RBRACK"]])
    if r < 0.5:
        return _random_regex(rng, depth - 1) + [rng.choice(["_STAR", "_PLUS", "_QMARK", "REPEAT"])]
    if r < 0.7:
        return ["_LPAR"] + _random_regex(rng, depth - 1) + ["_RPAR"]
    if r < 0.85:
        return _random_regex(rng, depth - 1) + _random_regex(rng, depth - 1)
    return _random_regex(rng, depth - 1) + ["_BAR"] + _random_regex(rng, depth - 1)


def test_an_unclosed_deep_nesting_ends_at_the_end():
    """5,000 open parentheses and a letter: the end is the unexpected token (the parser keeps
    its own stack; test_regex.py parses deep nestings)."""
    with pytest.raises(ParseError, match="unexpected end of the regex"):
        rx.parse_regex("(" * 5000 + "a")


def test_parsing_a_regex_imports_no_parser_library():
    """A regex is read without lark (whose import and grammar build cost several interpreter
    starts): in a fresh interpreter, regex_to_dfa leaves lark unimported."""
    import subprocess
    import sys

    code = ("import sys\nfrom attnlogic.automata.regex import regex_to_dfa\n"
            "d = regex_to_dfa('(a|b)*ab', 'ab')\nprint(d.n_states, 'lark' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["3", "False"]
