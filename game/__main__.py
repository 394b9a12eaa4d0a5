"""`python -m game`: the same as the `kombo-arcade` command."""
from game.cli import main

raise SystemExit(main())
