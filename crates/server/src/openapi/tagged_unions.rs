//! Internally tagged unions (`#[serde(tag = "type")]`) as clients read them best: each
//! alternative a named schema, and a `discriminator` on the tag.
//!
//! utoipa writes such an enum as a `oneOf` of inline objects (a variant that wraps a type as
//! an `allOf` of that type and the tag). Generators then name the alternatives `Event_type_3`,
//! and cannot pick one by its tag. This pass, run once over the finished document, moves each
//! alternative into `components` as `{Tag}{Union}` (`ingress` of `Event` is `IngressEvent`),
//! with the parts of an `allOf` merged into one object, and adds the discriminator with its
//! mapping; the tag says what it is. The wire is untouched: the same properties, required the same
//! way.

use utoipa::openapi::schema::{Discriminator, Object, Schema};
use utoipa::openapi::{OpenApi, Ref, RefOr};

/// Names the alternatives of every component that is an internally tagged `oneOf`.
pub(super) fn name_tagged_alternatives(openapi: &mut OpenApi) {
    let Some(components) = openapi.components.as_mut() else {
        return;
    };
    let mut named = Vec::new();
    for (union, schema) in &mut components.schemas {
        let RefOr::T(Schema::OneOf(one_of)) = schema else {
            continue;
        };
        let Some(alternatives) = one_of
            .items
            .iter()
            .map(merged_object)
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        let Some(tag) = shared_tag(&alternatives) else {
            continue;
        };
        let mut discriminator = Discriminator::new(tag.clone());
        let mut references = Vec::with_capacity(alternatives.len());
        for mut alternative in alternatives {
            let value = single_value(&alternative, &tag).unwrap_or_default();
            describe_tag(&mut alternative, &tag, &value, union);
            let name = format!("{}{union}", pascal_case(&value));
            let reference = Ref::from_schema_name(&name);
            discriminator
                .mapping
                .insert(value, reference.ref_location.clone());
            references.push(RefOr::Ref(reference));
            named.push((name, RefOr::T(Schema::Object(alternative))));
        }
        one_of.items = references;
        one_of.discriminator = Some(discriminator);
    }
    components.schemas.extend(named);
}

/// An alternative as one object: itself, or the parts of its `allOf` merged (properties in
/// order, the first description). `None` for anything else (a reference, an array).
fn merged_object(alternative: &RefOr<Schema>) -> Option<Object> {
    match alternative {
        RefOr::T(Schema::Object(object)) => Some(object.clone()),
        RefOr::T(Schema::AllOf(all_of)) => {
            let mut parts = all_of.items.iter().map(|part| match part {
                RefOr::T(Schema::Object(object)) => Some(object.clone()),
                _ => None,
            });
            let mut merged = parts.next()??;
            for part in parts {
                let part = part?;
                merged.properties.extend(part.properties);
                merged.required.extend(part.required);
                if merged.description.is_none() {
                    merged.description = part.description;
                }
            }
            Some(merged)
        }
        _ => None,
    }
}

/// Says what the tag is, unless the type already did.
fn describe_tag(alternative: &mut Object, tag: &str, value: &str, union: &str) {
    if let Some(RefOr::T(Schema::Object(property))) = alternative.properties.get_mut(tag) {
        property.description.get_or_insert_with(|| {
            format!("`{value}`: which kind of `{union}` this is (the discriminator).")
        });
    }
}

/// The property every alternative has with exactly one string value, different in each.
fn shared_tag(alternatives: &[Object]) -> Option<String> {
    let first = alternatives.first()?;
    let tag = first
        .properties
        .keys()
        .find(|name| alternatives.iter().all(|a| single_value(a, name).is_some()))?;
    let mut values: Vec<String> = alternatives
        .iter()
        .filter_map(|a| single_value(a, tag))
        .collect();
    values.sort();
    values.dedup();
    (values.len() == alternatives.len()).then(|| tag.clone())
}

/// The one string value `property` may take in `object`, if it is an enum of one.
fn single_value(object: &Object, property: &str) -> Option<String> {
    let RefOr::T(Schema::Object(schema)) = object.properties.get(property)? else {
        return None;
    };
    match schema.enum_values.as_deref()? {
        [serde_json::Value::String(value)] => Some(value.clone()),
        _ => None,
    }
}

/// `local_eclipse` → `LocalEclipse`.
fn pascal_case(snake: &str) -> String {
    snake
        .split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_tags_become_pascal_case_names() {
        assert_eq!(pascal_case("local_eclipse"), "LocalEclipse");
        assert_eq!(pascal_case("ingress"), "Ingress");
    }
}
