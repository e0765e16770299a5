"""Writes a synthetic OpenAPI 3.0 document, in JSON or YAML.

Dense (the default): OPERATIONS operations over OPERATIONS/5 resources (list, create, get, update, delete each), every
resource with a component schema (allOf, enum, nested object, refs): many operations, small schemas.

Real (`--real`): shaped like the large public API descriptions (GitHub's, Stripe's): OPERATIONS operations over
OPERATIONS/5 resources, each with a full schema of 30 described properties (nested objects, enums, arrays, refs to
other resources, nullable fields), a summary variant, create and update bodies, list parameters with long
descriptions and examples, and markdown descriptions on every operation: about 6.5 KB per operation, so 450
operations make a 3 MB document.

Usage: python3 Benchmarks/make_openapi.py 5000 out.yaml
       python3 Benchmarks/make_openapi.py 450 out.yaml --real"""
import json, sys

LOREM = ("The value as the server last saw it. Clients should treat it as opaque and must not depend on its format, "
         "which may change without notice between versions of the API.")

def real_document(operations):
    paths, schemas = {}, {}
    resources = max(1, operations // 5)
    kinds = ["string", "integer", "boolean", "number", "date-time", "enum", "array", "object", "ref", "nullable"]
    for r in range(resources):
        name = "Widget%d" % r
        tag = "area%d" % (r % 30)
        properties, required = {}, ["id", "url"]
        properties["id"] = {"type": "integer", "format": "int64", "description": "Unique identifier.", "example": 42}
        properties["url"] = {"type": "string", "format": "uri", "example": "https://api.example.com/widgets/42"}
        for p in range(28):
            kind = kinds[(p + r) % len(kinds)]
            field = "field_%s_%d" % (kind.replace("-", "_"), p)
            description = "%s (%s %d of %s)." % (LOREM, kind, p, name)
            if kind == "date-time":
                schema = {"type": "string", "format": "date-time", "example": "2011-01-26T19:01:12Z"}
            elif kind == "enum":
                schema = {"type": "string", "enum": ["open", "closed", "all", "in_progress"], "example": "open"}
            elif kind == "array":
                schema = {"type": "array", "items": {"type": "string"}, "example": ["a", "b"]}
            elif kind == "object":
                schema = {"type": "object", "properties": {
                    "login": {"type": "string", "description": description},
                    "avatar_url": {"type": "string", "format": "uri"},
                    "site_admin": {"type": "boolean"}}, "required": ["login"]}
            elif kind == "ref":
                schema = {"$ref": "#/components/schemas/Widget%dSummary" % ((r * 7 + p) % resources)}
            elif kind == "nullable":
                schema = {"type": "string", "nullable": True, "example": None}
            else:
                schema = {"type": kind}
            if "$ref" not in schema:
                schema["description"] = description
            properties[field] = schema
            if p % 3 == 0: required.append(field)
        schemas[name] = {"type": "object", "title": name, "description": "A widget of kind %d. %s" % (r, LOREM),
                         "properties": properties, "required": required}
        schemas[name + "Summary"] = {"type": "object", "properties": {k: properties[k] for k in list(properties)[:8] if "$ref" not in properties[k]},
                                     "required": ["id", "url"]}
        body = {k: v for k, v in list(properties.items())[2:14] if "$ref" not in v}
        schemas[name + "Create"] = {"type": "object", "properties": body, "required": list(body)[:2]}
        schemas[name + "Update"] = {"type": "object", "properties": body}
        item = {"$ref": "#/components/schemas/%s" % name}
        described = lambda what: ("%s a widget of kind %d.\n\n%s\n\n**Note**: %s" % (what, r, LOREM, LOREM))
        listing = [
            {"name": "per_page", "in": "query", "description": "The number of results per page (max 100). " + LOREM,
             "schema": {"type": "integer", "default": 30}},
            {"name": "page", "in": "query", "description": "Page number of the results to fetch. " + LOREM,
             "schema": {"type": "integer", "default": 1}},
            {"name": "sort", "in": "query", "description": "What to sort results by. " + LOREM,
             "schema": {"type": "string", "enum": ["created", "updated", "pushed", "full_name"], "default": "created"}},
            {"name": "direction", "in": "query", "description": "The order to sort by. " + LOREM,
             "schema": {"type": "string", "enum": ["asc", "desc"]}},
            {"name": "since", "in": "query", "description": "Only show results updated after the given time. " + LOREM,
             "schema": {"type": "string", "format": "date-time"}},
        ]
        paths["/areas/%s/widgets%d" % (tag, r)] = {
            "get": {"operationId": "widgets%d/list" % r, "tags": [tag], "summary": "List widgets %d" % r,
                    "description": described("Lists"), "parameters": listing,
                    "responses": {"200": {"description": "Response", "content": {"application/json": {"schema": {"type": "array", "items": item}}}},
                                  "404": {"description": "Resource not found"}}},
            "post": {"operationId": "widgets%d/create" % r, "tags": [tag], "summary": "Create a widget %d" % r,
                     "description": described("Creates"),
                     "requestBody": {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/%sCreate" % name}}}},
                     "responses": {"201": {"description": "Response", "content": {"application/json": {"schema": item}}}}},
        }
        paths["/areas/%s/widgets%d/{widget_id}" % (tag, r)] = {
            "parameters": [{"name": "widget_id", "in": "path", "required": True, "description": "The unique identifier of the widget.",
                            "schema": {"type": "integer"}}],
            "get": {"operationId": "widgets%d/get" % r, "tags": [tag], "summary": "Get a widget %d" % r, "description": described("Gets"),
                    "responses": {"200": {"description": "Response", "content": {"application/json": {"schema": item}}}}},
            "patch": {"operationId": "widgets%d/update" % r, "tags": [tag], "summary": "Update a widget %d" % r, "description": described("Updates"),
                      "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/%sUpdate" % name}}}},
                      "responses": {"200": {"description": "Response", "content": {"application/json": {"schema": item}}}}},
            "delete": {"operationId": "widgets%d/delete" % r, "tags": [tag], "summary": "Delete a widget %d" % r, "description": described("Deletes"),
                       "responses": {"204": {"description": "Response"}}},
        }
    return {"openapi": "3.0.3", "info": {"title": "Synthetic, shaped like a real API", "version": "1.0.0"},
            "servers": [{"url": "https://api.example.com"}], "security": [{"bearer": []}],
            "paths": paths, "components": {"schemas": schemas, "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}}}

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
    doc = real_document(count) if "--real" in sys.argv[3:] else document(count)
    with open(path, "w") as f:
        f.write(json.dumps(doc, indent=1) if path.endswith(".json") else yaml(doc) + "\n")
