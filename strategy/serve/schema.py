"""The API described from the capabilities' declarations: the page's form, and an OpenAPI
document.

Both come from the request fields of :data:`strategy.risk.requests.CAPABILITIES` (through
:func:`strategy.serve.params.describe`), so neither can drift from what the endpoints
accept.

>>> [field["name"] for field in page_schema()["form"]][:3]
['attackers', 'defenders', 'exact']
>>> sorted(openapi()["paths"])[:2]
['/api/chain', '/api/commit']
"""

from __future__ import annotations

from typing import Any

from strategy import __version__
from strategy.engine.fields import YES
from strategy.serve.params import ENDPOINTS, ParamInfo, describe, summary

#: The box of the page's form each help section's fields go in (a field left out of
#: every box is not on the form), and the fields whose box is their own.
BOXES = {
    "the battle": "battle",
    "optimal play": "play",
    "rules of the battle": "rules",
    "how the battle is blitzed": "blitz",
    "what is computed": "output",
    "the position": "plan",
    "the plan": "plan",
}
OWN_BOX = {"target": "need", "leave": "chain"}


def _typed(info: ParamInfo, text: str | None) -> Any:
    if text is None:
        return info.default
    if info.kind == "boolean":
        return text in YES
    return int(text) if info.kind == "integer" else text


def page_schema() -> dict[str, Any]:
    """The form's fields in order (each described by the first endpoint that takes it) and
    every endpoint's path, command, summary and parameters."""
    form: dict[str, dict[str, Any]] = {}
    for name in ENDPOINTS:
        for info in describe(name):
            box = OWN_BOX.get(info.name, BOXES.get(info.group))
            if not info.form or info.name in form or box is None:
                continue
            form[info.name] = {
                "name": info.name,
                "label": info.label,
                "group": box,
                "kind": info.kind,
                "default": _typed(info, info.page_default),
                "minimum": info.minimum,
                "choices": info.choices,
                "suggestions": info.suggestions,
                "help": info.help,
            }
    endpoints = {
        name: {
            "path": f"/api/{name}",
            "command": f"strategy risk {name}",
            "summary": summary(name),
            "params": [info.name for info in describe(name)],
        }
        for name in ENDPOINTS
    }
    return {"form": list(form.values()), "endpoints": endpoints}


def _schema(info: ParamInfo) -> dict[str, Any]:
    if info.kind == "list":
        items: dict[str, Any] = {"type": info.item}
        if info.minimum is not None:
            items["minimum"] = info.minimum
        if info.choices:
            items["enum"] = list(info.choices)
        return {"type": "array", "items": items}
    schema: dict[str, Any] = {"type": info.kind}
    if info.minimum is not None:
        schema["minimum"] = info.minimum
    if info.choices:
        schema["enum"] = list(info.choices)
    if info.default is not None and not isinstance(info.default, tuple):
        schema["default"] = info.default
    return schema


def openapi() -> dict[str, Any]:
    """An OpenAPI 3.1 document of every endpoint: GET, query parameters, JSON answers."""
    error = {"$ref": "#/components/schemas/Error"}
    paths = {}
    for name in ENDPOINTS:
        command = f"strategy risk {name}"
        parameters = []
        for info in describe(name):
            parameter: dict[str, Any] = {
                "name": info.name,
                "in": "query",
                "required": info.required,
                "description": info.help,
                "schema": _schema(info),
            }
            if info.kind == "list":
                parameter |= {"style": "form", "explode": False}
            parameters.append(parameter)
        paths[f"/api/{name}"] = {
            "get": {
                "operationId": name,
                "summary": summary(name),
                "description": f"The JSON that `{command} --json` prints, for the same options.",
                "parameters": parameters,
                "responses": {
                    "200": {
                        "description": f"the JSON of `{command} --json`",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "422": {
                        "description": "bad parameters, or a request too large for this "
                        "server: one message, in the command's words",
                        "content": {"application/json": {"schema": error}},
                    },
                    "503": {
                        "description": "the computation ran past the time limit, or every "
                        "worker stayed busy",
                        "content": {"application/json": {"schema": error}},
                    },
                },
            }
        }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "strategy serve",
            "version": __version__,
            "description": "Exact odds and optimal play for the dice battle of Risk: each "
            "endpoint answers as the `strategy risk` command of the same name with --json.",
        },
        "paths": paths,
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "properties": {"error": {"type": "string"}},
                    "required": ["error"],
                }
            }
        },
    }
