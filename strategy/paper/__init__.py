"""The paper on optimal play in Risk battles: every table, figure and number is generated here.

:func:`strategy.paper.generate.generate` writes ``paper/generated/``: LaTeX tables,
``numbers.tex`` (one macro per number quoted in the prose), figures and their data;
:func:`strategy.paper.build.build_pdfs` runs LaTeX where it is installed.
"""
