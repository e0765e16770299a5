"""Prints a synthetic spec of N endpoints (JSON). Usage: make_spec.py N [--shape store|openapi] [--model-files K]

store (the default): every pattern of Specs/store.json, over five shared models (almost no models: 65 lines of
them at 1,000 endpoints).

openapi: shaped like an imported OpenAPI document (issue 32): N operations over N/2 resources, each resource a
response model of 3-5 fields (Int, String, optional String, Bool, Double, Date, [String], a renamed JSON key, an
optional reference to another resource) and an input model of 2-3 fields, plus one shared page model. The
operations cycle through list, get, create, update and delete, two per resource, so N operations have N + 1 models.
Its `modelFiles` is what `repogen import` gives a spec of that many models (one file per 40 models, at most 8);
`--model-files K` sets another (1: all models in one file).
"""
import argparse
import json
import sys


def store_spec(n):
    kinds = [
        lambda i: {"name": f"fetchItems{i}", "method": "GET", "path": f"/api/v1/items{i}/{{storeId}}",
                   "inputs": [{"name": "storeId", "type": "Int"}, {"name": "cursor", "type": "String?"}],
                   "param": {"storeId": "{storeId}", "cursor": "{cursor}"},
                   "response": "ContentsWithCursorResponse<ItemResponse>"},
        lambda i: {"name": f"saveItem{i}", "method": {"if": "isDelete", "then": "DELETE", "else": "PUT"},
                   "path": f"/api/v1/items{i}/{{itemId}}/favorite",
                   "inputs": [{"name": "itemId", "type": "String"}, {"name": "isDelete", "type": "Bool"}],
                   "response": "String"},
        lambda i: {"name": f"createItem{i}", "repositoryMethod": f"create{i}", "method": "POST", "path": f"/api/v1/items{i}",
                   "inputs": [{"name": "input", "type": "CreateItemInput"}, {"name": "token", "type": "String"}],
                   "param": "{input}", "header": {"custom": {"X-Nonce-Token": "{token}"}}, "response": "ItemResponse"},
        lambda i: {"name": f"fetchDetail{i}", "method": "GET", "path": f"/api/v1/items{i}/{{input.id}}",
                   "inputs": [{"name": "input", "type": "DetailInput", "unlabeled": True}],
                   "header": {"custom": {"X-Device-Latitude": "{input.latitude}", "X-Device-Longitude": "{input.longitude}"}},
                   "response": "ItemResponse?"},
        lambda i: {"name": f"reportItem{i}", "method": "DELETE", "path": f"/api/v1/items{i}/{{itemId}}",
                   "inputs": [{"name": "itemId", "type": "Int"}, {"name": "reason", "type": "String"}],
                   "param": {"deleteReasonType": "{reason}", "includeActivities": True}, "usingQuery": False},
    ]
    endpoints = [kinds[i % len(kinds)](i) for i in range(n)]
    models = {
        "ContentsWithCursorResponse": {"typeParameters": ["T"], "fields": {"contents": "[T]", "cursor": "CursorResponse"}},
        "CursorResponse": {"fields": {"nextCursor": "String?", "hasMore": "Bool"}},
        "ItemResponse": {"description": "An item.", "fields": {"itemId": "Int", "name": "String", "createdAt": {"type": "Date", "json": "created_at"}}},
        "CreateItemInput": {"fields": {"name": "String", "tags": "[String]"}},
        "DetailInput": {"fields": {"id": "Int", "latitude": "Double", "longitude": "Double"}},
    }
    return {"models": models, "endpoints": endpoints}


def openapi_spec(n):
    resources = max(1, (n + 1) // 2)
    models = {"PageInput": {"description": "Paging of a list.",
                            "fields": {"page": {"type": "Int", "default": 1}, "perPage": {"type": "Int", "default": 30}}}}
    endpoints = []
    extra = [("isActive", "Bool"), ("score", "Double"), ("createdAt", {"type": "Date", "json": "created_at"}),
             ("tags", "[String]"), ("note", "String?")]
    for r in range(resources):
        name = f"Widget{r}"
        fields = {"id": "Int", "name": "String"}
        # 3-5 fields: id, name and one to three more, one of them a reference to another resource now and then.
        for k in range(1 + r % 3):
            key, kind = extra[(r + k) % len(extra)]
            fields[key] = kind
        if r % 4 == 3 and resources > 1:
            fields["parent"] = f"Widget{(r * 7 + 1) % resources}?"
        models[name] = {"description": f"A widget of kind {r}.", "fields": dict(list(fields.items())[:5])}
        models[f"{name}Input"] = {"fields": {"name": "String", "note": "String?"} if r % 2 else
                                  {"name": "String", "isActive": "Bool", "tags": {"type": "[String]", "default": []}}}
        base = f"/api/v1/widgets{r}"
        ops = [
            {"name": f"listWidgets{r}", "method": "GET", "path": base,
             "inputs": [{"name": "page", "type": "PageInput"}], "param": "{page}", "response": f"[{name}]"},
            {"name": f"getWidget{r}", "method": "GET", "path": base + "/{id}",
             "inputs": [{"name": "id", "type": "Int"}], "response": name},
            {"name": f"createWidget{r}", "method": "POST", "path": base,
             "inputs": [{"name": "input", "type": f"{name}Input"}], "param": "{input}", "response": name},
            {"name": f"updateWidget{r}", "method": "PATCH", "path": base + "/{id}",
             "inputs": [{"name": "id", "type": "Int"}, {"name": "input", "type": f"{name}Input"}],
             "param": "{input}", "response": name},
            {"name": f"deleteWidget{r}", "method": "DELETE", "path": base + "/{id}",
             "inputs": [{"name": "id", "type": "Int"}]},
        ]
        # Two operations per resource, cycling through the five kinds.
        for k in range(2):
            if len(endpoints) < n:
                endpoints.append(ops[(2 * r + k) % len(ops)])
    return {"models": models, "endpoints": endpoints}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int)
    parser.add_argument("--shape", choices=["store", "openapi"], default="store")
    parser.add_argument("--model-files", type=int, default=0, help="the spec's modelFiles (default: as an import sets it)")
    args = parser.parse_args()
    spec = openapi_spec(args.n) if args.shape == "openapi" else store_spec(args.n)
    # As `repogen import` does (OpenAPIImporter.modelFiles): one file per 40 models, at most 8, one below 80.
    files = args.model_files or min(8, max(1, len(spec["models"]) // 40))
    if files > 1:
        spec = {"modelFiles": files, **spec}
    json.dump(spec, sys.stdout, indent=2)
