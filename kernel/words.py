"""Words as text: the one rule for writing a word of letters, and reading one back.

Over an alphabet whose letters are all one character a word is written with its letters
joined (``abab``); over an alphabet with a letter of several characters, with its letters
separated by single commas (``go,stop,go``).  :func:`separator` is that rule,
:func:`join_word` writes a word by it, :func:`split_word` reads one back (``""`` is the
empty word; an empty letter is refused, never dropped).  Every command, the page, the
certificates and their checks write and read words through these three functions.

An alphabet typed by a user (``--alphabet``, the page's field) is read by
:func:`split_alphabet`; a letter in double quotes (in an alphabet or a regex) by
:func:`quoted_letter`."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import InputError

__all__ = ["separator", "join_word", "split_word", "split_alphabet", "quoted_letter"]


def separator(alphabet: Sequence[str]) -> str:
    """``""`` when every letter of ``alphabet`` is one character (the empty alphabet
    included), else ``","``: what separates the letters of a written word."""
    return "" if all(len(a) == 1 for a in alphabet) else ","


def join_word(word: Sequence[str], alphabet: Sequence[str] | None = None) -> str:
    """``word`` (a sequence of letters) as text, by the :func:`separator` of ``alphabet``
    (default: of the word's own letters)."""
    return separator(word if alphabet is None else alphabet).join(word)


def split_word(text: str, alphabet: Sequence[str] | None = None, *, commas: bool | None = None) -> list[str]:
    """The letters of the written word ``text``: separated by single commas when ``commas``,
    else each character a letter.  ``commas`` None (the command line's reading): by the
    :func:`separator` of ``alphabet``, and also when ``text`` has a comma that is not a letter
    of ``alphabet`` (``a,b`` for ``ab``, the only way to write letters of several characters
    when the alphabet is not known).  With commas ``""`` is the empty word and an empty
    letter (``go,,go``, ``go,``, ``,go``) is an InputError naming its position."""
    if commas is None:
        commas = ((alphabet is not None and separator(alphabet) == ",")
                  or ("," in text and (alphabet is None or "," not in alphabet)))
    if not commas:
        return list(text)
    if text == "":
        return []
    letters = text.split(",")
    if "" in letters:
        raise InputError(f"word {text!r}: empty letter at position {letters.index('') + 1} "
                         "(letters are separated by single commas; \"\" is the empty word)")
    return letters


def split_alphabet(text: str | None) -> list[str] | None:
    """``--alphabet abc`` (each character a letter), or letters separated by commas and/or
    whitespace: ``a,b,c``, ``a b c``, ``foo, bar``.  Whitespace is never a letter; leading and
    trailing whitespace is ignored.  A letter in double quotes is taken as written (``\\"``
    and ``\\\\`` inside): ``'"nil"'`` is the one letter nil (a one-letter alphabet whose
    letter has several characters), ``'"a b", c'`` the letters ``a b`` and c."""
    if text is None:
        return None
    stripped = text.strip()
    if '"' in stripped:
        letters = _quoted_letters(text, stripped)
    elif re.search(r"[,\s]", stripped):
        letters = re.split(r"\s*,\s*|\s+", stripped)
    else:
        letters = list(stripped)
    if not letters or any(not t for t in letters):
        raise InputError(f"alphabet: empty letter in {text!r}", parameters=("alphabet",))
    if len(set(letters)) != len(letters):
        raise InputError(f"alphabet: duplicate letter in {text!r}", parameters=("alphabet",))
    return letters


def _quoted_letters(text: str, s: str) -> list[str]:
    """The letters of an alphabet with quoted items: items (quoted or bare) separated by one
    comma and/or whitespace."""

    letters: list[str] = []
    i, n = 0, len(s)
    while i < n:
        if s[i] == '"':
            quoted = quoted_letter(s, i)
            if quoted is None:
                raise InputError(f"alphabet: unterminated quoted letter in {text!r}", parameters=("alphabet",))
            letters.append(quoted[0])
            i = quoted[1]
        else:
            m = re.match(r'[^,\s"]*', s[i:])
            letters.append(m.group(0))
            i += m.end()
        m = re.match(r"\s*,\s*|\s+|$", s[i:])
        if m is None or (m.end() == 0 and i < n):
            raise InputError(f"alphabet: expected a comma or a space after letter {letters[-1]!r} "
                             f"in {text!r}", parameters=("alphabet",))
        i += m.end()
        if m.group(0).strip() == "," and i >= n:
            letters.append("")          # a trailing comma: an empty letter
    return letters


def quoted_letter(text: str, i: int) -> tuple[str, int] | None:
    """The quoted letter that opens at ``text[i] == '"'``: ``(letter, end)`` with ``end`` the
    index just past the closing quote, where a backslash takes the next character literally
    (``"\\""`` is the letter ``"``); None when the quote is never closed.  The one scanner
    of quoted letters, for regexes and for alphabets given as text."""
    j, n, buf = i + 1, len(text), []
    while j < n and text[j] != '"':
        if text[j] == "\\" and j + 1 < n:
            j += 1
        buf.append(text[j])
        j += 1
    if j >= n:
        return None
    return "".join(buf), j + 1
