"""The ``strategy`` command line: one module per command group, thin by design."""
