"""Layer 2, the IR: what a dialect's mapping means, compiled from the spec. Says nothing about
how any target language spells it. Imports only the spec layer."""
