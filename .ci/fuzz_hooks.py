"""Schemathesis hooks for .ci/fuzz-api.

`fields` trims an answer to the parts it names, which the response schema (the whole answer)
does not describe, as the parameter's description says: the generated requests leave it out,
and tests/http/fields.rs checks trimmed answers against the untrimmed ones.
"""

import schemathesis


@schemathesis.hook
def map_query(ctx, query):
    if query and "fields" in query:
        return {name: value for name, value in query.items() if name != "fields"}
    return query


@schemathesis.hook
def before_add_examples(ctx, examples):
    # The parameter's documented example (`planets,houses,aspects.list.orb`) too.
    for case in examples:
        if case.query and "fields" in case.query:
            del case.query["fields"]
