"""Separation: of two languages by a class (separate_languages.py) and the catalogue of
separating languages between fragments (separations.py)."""
