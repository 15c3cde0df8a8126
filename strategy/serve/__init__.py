"""``strategy serve``: the Risk calculator as a web page and a JSON API.

* :mod:`strategy.serve.params`: each endpoint a capability of :mod:`strategy.risk`, its
  query validated into the capability's request (:mod:`strategy.risk.requests`).
* :mod:`strategy.serve.compute`: the one adapter from a validated request to its JSON.
* :mod:`strategy.serve.limits`: requests the library's cost model finds too large for a
  shared server, refused up front.
* :mod:`strategy.serve.connections`: request heads in time, idle and concurrent
  connections bounded.
* :mod:`strategy.serve.pool`: worker processes, each job under a time limit; large jobs
  in their own low-priority workers, paused while small ones run.
* :mod:`strategy.serve.jobs`: what a worker runs for one request.
* :mod:`strategy.serve.cache`: computed answers, bounded in bytes.
* :mod:`strategy.serve.schema`: the page's form and the OpenAPI document, from the
  declarations.
* :mod:`strategy.serve.app`: the Starlette application; ``static/`` the page.
"""
