"""``strategy serve``: the Risk calculator as a web page and a JSON API.

* :mod:`strategy.serve.params`: which command-line options each endpoint takes, checked by
  the command's own parser (the table that also builds the page's form).
* :mod:`strategy.serve.compute`: the one adapter from validated parameters to results.
* :mod:`strategy.serve.limits`: requests too large for a shared server, refused up front.
* :mod:`strategy.serve.pool`: worker processes, each job under a time limit; large jobs
  in their own low-priority workers, paused while small ones run.
* :mod:`strategy.serve.jobs`: what a worker runs for one request.
* :mod:`strategy.serve.cache`: computed answers, bounded in bytes.
* :mod:`strategy.serve.schema`: the page's form and the OpenAPI document, from the table.
* :mod:`strategy.serve.app`: the Starlette application; ``static/`` the page.
"""
