"""Layer 3, the targets: one plugin folder per output language (its emitter, templates and
writer) renders the IR. Imports the IR and spec layers only."""
