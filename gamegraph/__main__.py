"""`python -m gamegraph` runs the command line."""

from gamegraph.cli import main

main()
