"""Interoperation with the tools game theorists already use: OpenSpiel and Gambit.

Each module needs its own extra only when called: ``openspiel`` needs ``strategy[openspiel]``,
reading games back through pygambit needs ``strategy[gambit]``; the ``.nfg`` and ``.efg``
writers and the ``.nfg`` reader are plain Python.
"""
