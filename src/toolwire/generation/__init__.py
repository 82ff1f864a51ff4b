"""Layer 4, generation: runs spec -> IR -> every configured target and writes, checks or diffs
the generated tree in one step."""
