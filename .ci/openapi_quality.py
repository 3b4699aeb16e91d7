#!/usr/bin/env python3
"""The generated-client checks of issue 20, on an OpenAPI document and the Python client
openapi-python-client generated from it:

  1. no schema name ends in `Dto`;
  2. a union (oneOf/anyOf) whose alternatives all carry the same tag property (a string with
     one enum value, the way serde's internally tagged enums appear) has a `discriminator`;
  3. no generated model for an answer is an anonymous `*_type_N` class;
  4. the picture operations' 200 answers are parsed as bytes (`File`), not `str` or `Any`;
  5. at most 5 % of the properties of the schemas reachable from answers lack a description.

  openapi_quality.py OPENAPI_JSON GENERATED_PY_PACKAGE [--baseline FILE]

With --baseline, a count may not exceed the baseline's (a ratchet while the redesign lands);
without, every check must pass outright. Prints every count either way.
"""
import json
import pathlib
import re
import sys

PICTURE_PATHS = ["/v1/chart-wheel", "/v1/ephemeris-graph"]
MAX_UNDESCRIBED = 0.05


def main():
    args = sys.argv[1:]
    baseline = None
    if "--baseline" in args:
        i = args.index("--baseline")
        baseline = json.loads(pathlib.Path(args[i + 1]).read_text())
        del args[i : i + 2]
    document = json.loads(pathlib.Path(args[0]).read_text())
    package = pathlib.Path(args[1])
    schemas = document["components"]["schemas"]

    def resolve(node):
        while "$ref" in node:
            node = schemas[node["$ref"].rsplit("/", 1)[1]]
        return node

    def properties(node):
        """An object's properties, through allOf."""
        node = resolve(node)
        found = dict(node.get("properties", {}))
        for part in node.get("allOf", []):
            found.update(properties(part))
        return found

    counts = {}
    problems = {}

    dto = sorted(name for name in schemas if name.endswith("Dto"))
    counts["dto_schema_names"], problems["dto_schema_names"] = len(dto), dto

    def walk(node, path, seen):
        """Every schema node under `node`, with its path, following $ref once."""
        if isinstance(node, dict):
            if "$ref" in node:
                name = node["$ref"].rsplit("/", 1)[1]
                if name not in seen:
                    seen.add(name)
                    yield from walk(schemas[name], name, seen)
                return
            yield node, path
            for key, value in node.items():
                if key in ("properties",):
                    for prop, sub in value.items():
                        yield from walk(sub, f"{path}.{prop}", seen)
                elif key in ("items", "additionalProperties", "not"):
                    yield from walk(value, f"{path}[]", seen)
                elif key in ("oneOf", "anyOf", "allOf"):
                    for n, sub in enumerate(value):
                        yield from walk(sub, f"{path}|{n}", seen)

    untagged = []
    for name, schema in schemas.items():
        for node, path in walk(schema, name, {name}):
            for kind in ("oneOf", "anyOf"):
                alternatives = node.get(kind)
                if not alternatives or "discriminator" in node:
                    continue
                props = [properties(a) for a in alternatives]
                if not all(props):
                    continue
                shared = set.intersection(*(set(p) for p in props))
                tags = [
                    p for p in shared
                    if all(len(resolve(alt[p]).get("enum", [])) == 1 for alt in props)
                ]
                if tags:
                    untagged.append(f"{path} ({kind} tagged by {tags[0]})")
    untagged = sorted(set(untagged))
    counts["tagged_unions_without_discriminator"] = len(untagged)
    problems["tagged_unions_without_discriminator"] = untagged

    # Schemas reachable from the answers (2xx responses), for the anonymous-model and
    # description checks.
    answer_roots = []
    for path_item in document["paths"].values():
        for operation in path_item.values():
            if not isinstance(operation, dict):
                continue
            for status, response in operation.get("responses", {}).items():
                if status.startswith("2"):
                    for media in response.get("content", {}).values():
                        if "schema" in media:
                            answer_roots.append(media["schema"])
    seen = set()
    answer_nodes = [n for root in answer_roots for n in walk(root, "answer", seen)]
    def has_description(node):
        """Its own, its type's (through $ref), or one beside the type of an optional property
        (utoipa writes `Option<T>` as `oneOf: [null, {$ref, description}]`)."""
        if "description" in node or ("$ref" in node and "description" in resolve(node)):
            return True
        return any(has_description(a) for a in node.get("oneOf", []) + node.get("anyOf", []))

    described, undescribed = 0, []
    for node, path in answer_nodes:
        for prop, sub in node.get("properties", {}).items():
            if has_description(sub):
                described += 1
            else:
                undescribed.append(f"{path}.{prop}")
    total = described + len(undescribed)
    share = len(undescribed) / total if total else 0.0
    counts["answer_properties_without_description"] = len(undescribed)
    problems["answer_properties_without_description"] = sorted(set(undescribed))

    models = package / "models"
    anonymous = sorted(p.stem for p in models.glob("*.py") if re.search(r"_type_\d+$", p.stem))
    counts["anonymous_models"], problems["anonymous_models"] = len(anonymous), anonymous

    pictures_not_bytes = []
    for path in PICTURE_PATHS:
        module = path.rsplit("/", 1)[1].replace("-", "_")
        source = next(package.glob(f"api/*/{module}.py")).read_text()
        block = re.search(r"if response.status_code == 200:\n(.*?)\n\s*return", source, re.S)
        if block is None or "File(" not in block.group(1):
            pictures_not_bytes.append(path)
    counts["pictures_not_bytes"], problems["pictures_not_bytes"] = (
        len(pictures_not_bytes), pictures_not_bytes)

    print(f"openapi quality: {len(schemas)} schemas; {total} answer properties, "
          f"{share:.1%} without description")
    failed = []
    for key, count in counts.items():
        if baseline is not None:
            limit = baseline[key]
        elif key == "answer_properties_without_description":
            limit = int(MAX_UNDESCRIBED * total)
        else:
            limit = 0
        status = "ok" if count <= limit else "FAIL"
        print(f"  {key}: {count} (allowed {limit}) {status}")
        if count > limit:
            failed.append(key)
            for item in problems[key][:20]:
                print(f"    {item}")
    if failed:
        sys.exit(f"openapi quality: failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
