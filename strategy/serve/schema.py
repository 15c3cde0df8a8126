"""The API described from the parameter table: the page's form, and an OpenAPI document.

Both come from :data:`strategy.serve.params.PARAMS` and the capabilities' declared
parsers, so neither can drift from what the endpoints accept.

>>> [field["name"] for field in page_schema()["form"]][:3]
['attackers', 'defenders', 'choice']
>>> sorted(openapi()["paths"])[:2]
['/api/chain', '/api/fortify']
"""

from __future__ import annotations

from typing import Any

from strategy import __version__
from strategy.serve.params import ENDPOINTS, PARAMS, TRUE, ParamInfo, describe, summary


def _typed(info: ParamInfo, text: str | None) -> Any:
    if text is None:
        return info.default
    if info.kind == "boolean":
        return text in TRUE
    return int(text) if info.kind == "integer" else text


def page_schema() -> dict[str, Any]:
    """The form's fields in order (each described by the first endpoint that takes it) and
    every endpoint's path, command, summary and parameters."""
    infos = {name: {info.name: info for info in describe(name)} for name in ENDPOINTS}
    form = []
    for param in PARAMS.values():
        if not param.form:
            continue
        info = next(found[param.name] for found in infos.values() if param.name in found)
        form.append(
            {
                "name": param.name,
                "label": param.label,
                "group": param.group,
                "kind": info.kind,
                "default": _typed(info, param.page_default),
                "minimum": info.minimum,
                "choices": info.choices,
                "suggestions": param.suggestions,
                "help": info.help,
            }
        )
    endpoints = {
        name: {
            "path": f"/api/{name}",
            "command": "strategy " + " ".join(endpoint.command),
            "summary": summary(name),
            "params": list(endpoint.params),
        }
        for name, endpoint in ENDPOINTS.items()
    }
    return {"form": form, "endpoints": endpoints}


def _schema(info: ParamInfo) -> dict[str, Any]:
    if info.kind == "list":
        return {"type": "array", "items": {"type": "integer", "minimum": info.minimum}}
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
    for name, endpoint in ENDPOINTS.items():
        command = "strategy " + " ".join(endpoint.command)
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
