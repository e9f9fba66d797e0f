"""What a class is to the classifier: its declaration (classes.py, :class:`LanguageClass`)
and its decision procedure's interface and workspace (procedure.py)."""
