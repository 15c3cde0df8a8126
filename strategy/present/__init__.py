"""Showing results: text and HTML rendering, reports, sympy output and state graphs.

Presentation knows the games it shows; the games never import it.
"""
