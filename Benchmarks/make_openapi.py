"""Writes a synthetic OpenAPI 3.0 document: OPERATIONS operations over OPERATIONS/5 resources (list, create, get,
update, delete each), every resource with a component schema (allOf, enum, nested object, refs), in JSON or YAML.
Usage: python3 Benchmarks/make_openapi.py 5000 out.yaml"""
import json, sys

def document(operations):
    paths, schemas = {}, {}
    resources = max(1, operations // 5)
    for r in range(resources):
        name = "Resource%d" % r
        tag = "domain%d" % (r % 50)
        schemas[name] = {"allOf": [{"$ref": "#/components/schemas/Base"}, {
            "type": "object", "required": ["title"],
            "properties": {
                "title": {"type": "string", "description": "The title of resource %d." % r},
                "count": {"type": "integer", "format": "int64"},
                "ratio": {"type": "number", "nullable": True},
                "status": {"type": "string", "enum": ["active", "archived", "DELETED"]},
                "tags": {"type": "array", "items": {"type": "string"}},
                "owner": {"type": "object", "properties": {"name": {"type": "string"}, "since": {"type": "string", "format": "date-time"}}},
                "related": {"type": "array", "items": {"$ref": "#/components/schemas/Resource%d" % ((r + 1) % resources)}},
            }}]}
        item = {"$ref": "#/components/schemas/%s" % name}
        ops = {
            "get": {"operationId": "list%s" % name, "tags": [tag], "summary": "Lists resource %d." % r,
                    "parameters": [{"name": "page", "in": "query", "schema": {"type": "integer"}},
                                   {"name": "sort", "in": "query", "schema": {"type": "string", "enum": ["asc", "desc"]}}],
                    "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": item}}}}}},
            "post": {"operationId": "create%s" % name, "tags": [tag],
                     "requestBody": {"required": True, "content": {"application/json": {"schema": item}}},
                     "responses": {"201": {"description": "made", "content": {"application/json": {"schema": item}}}}},
        }
        one = {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "format": "int64"}}],
            "get": {"operationId": "get%s" % name, "tags": [tag],
                    "parameters": [{"name": "X-Request-ID", "in": "header", "required": True, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": item}}},
                                  "default": {"description": "error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}},
            "put": {"operationId": "update%s" % name, "tags": [tag],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": item}}},
                    "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": item}}}}},
            "delete": {"operationId": "delete%s" % name, "tags": [tag], "responses": {"204": {"description": "gone"}}},
        }
        paths["/api/v1/resources%d" % r] = ops
        paths["/api/v1/resources%d/{id}" % r] = one
    schemas["Base"] = {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "format": "int64"}, "createdAt": {"type": "string", "format": "date-time"}}}
    schemas["Error"] = {"type": "object", "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}}
    return {"openapi": "3.0.3", "info": {"title": "Synthetic", "version": "1.0.0"},
            "servers": [{"url": "https://api.example.com"}], "security": [{"bearer": []}],
            "paths": paths, "components": {"schemas": schemas, "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}}}

def yaml(value, indent=0):
    """Block YAML as API tools write it: nested mappings and sequences, quoted strings where needed."""
    pad = " " * indent
    out = []
    if isinstance(value, dict):
        for key, item in value.items():
            k = json.dumps(key) if not key.replace("_", "").replace("-", "").isalnum() else key
            if isinstance(item, (dict, list)) and item:
                out.append("%s%s:" % (pad, k))
                out.append(yaml(item, indent + 2))
            else:
                out.append("%s%s: %s" % (pad, k, scalar(item)))
    else:
        for item in value:
            if isinstance(item, dict) and item:
                inner = yaml(item, indent + 2).split("\n")
                out.append("%s- %s" % (pad, inner[0].lstrip()))
                out.extend(inner[1:])
            else:
                out.append("%s- %s" % (pad, scalar(item)))
    return "\n".join(out)

def scalar(value):
    if value is True: return "true"
    if value is False: return "false"
    if value is None: return "null"
    if isinstance(value, (int, float)): return str(value)
    if isinstance(value, (dict, list)): return json.dumps(value)
    return json.dumps(value)

if __name__ == "__main__":
    count, path = int(sys.argv[1]), sys.argv[2]
    doc = document(count)
    with open(path, "w") as f:
        f.write(json.dumps(doc, indent=1) if path.endswith(".json") else yaml(doc) + "\n")
