"""`toolwire tools generate`: typed Python stubs for a file of tool definitions (beside the
targets: it reads tool definitions through the installed generated package)."""
