"""Allows `python -m carcassonne_desktop`, handy where console scripts are not on PATH."""

from carcassonne_desktop.cli import main

raise SystemExit(main())
