"""Subcommands of the ``attnlogic`` command line (see :mod:`attnlogic.cli`)."""
