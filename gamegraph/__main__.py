"""`python -m gamegraph` runs the command line."""

from gamegraph.cli_start import main

main()
