"""Model, schema: typed models read from YAML trees, their kinds of field and the JSON Schemas made from them."""
