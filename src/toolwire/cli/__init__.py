"""Layer 5, the command line: one module per command. The only layer that exits."""
