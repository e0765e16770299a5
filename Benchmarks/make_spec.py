"""Prints a synthetic spec of N endpoints that uses every pattern of Specs/store.json. Usage: make_spec.py N"""
import json
import sys

n = int(sys.argv[1])
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
json.dump({"models": models, "endpoints": endpoints}, sys.stdout, indent=2)
