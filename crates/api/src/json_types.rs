//! A request read by the JSON types its OpenAPI schema states, at every depth.
//!
//! serde and JSON Schema disagree twice, and each time the schema is what clients read:
//! - serde's derived `Deserialize` for a struct also accepts a sequence, read as the fields in
//!   declaration order, so `"options": [null, null]` would be an options block with its first
//!   two fields unset: a reading no client means, and one the schema (`type: object`) forbids.
//!   Here a struct given as an array is the error [`OBJECT_RULE`], which the path names
//!   (`options must be an object`).
//! - JSON Schema counts `2881.0` as an `integer`; serde's integers refuse it ("invalid type:
//!   floating point `2881.0`, expected u32"). Here an integer field reads a float without a
//!   fraction as that integer (and still refuses `2881.5`).
//!
//! [`SchemaTypes`] wraps the JSON deserialiser at the parse boundary ([`crate::parse`]) and
//! passes every other value through unchanged: one wrapper instead of an attribute on every
//! nested field, so a new request type cannot forget it.
//!
//! The wrapper reaches every value serde reads through the deserialiser: options, lists, maps,
//! enum variants. A value that serde first buffers (an untagged or internally tagged enum, a
//! `flatten`ed field) is read from serde's buffer, past the wrapper; no request type has one.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Visitor};

/// The rule a struct given as a JSON array breaks.
pub const OBJECT_RULE: &str = "must be an object";

/// A deserialiser whose structs must be JSON objects and whose integers may be written as
/// floats without a fraction, at every depth.
#[derive(Debug)]
pub struct SchemaTypes<D>(pub D);

/// How a [`Wrapped`] visitor reads: any value, a struct, or an integer.
const ANY: u8 = 0;
const STRUCT: u8 = 1;
const INTEGER: u8 = 2;

/// Forwards `deserialize_*` methods that take only a visitor, read as `$mode`.
macro_rules! forward_deserialize {
    ($mode:ident: $($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(Wrapped::<V, $mode>(visitor))
        })*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for SchemaTypes<D> {
    type Error = D::Error;

    forward_deserialize! {
        ANY: deserialize_any deserialize_bool deserialize_f32 deserialize_f64 deserialize_char
        deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier deserialize_ignored_any
    }

    forward_deserialize! {
        INTEGER: deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_unit_struct(name, Wrapped::<V, ANY>(visitor))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_newtype_struct(name, Wrapped::<V, ANY>(visitor))
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, Wrapped::<V, ANY>(visitor))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_tuple_struct(name, len, Wrapped::<V, ANY>(visitor))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_struct(name, fields, Wrapped::<V, STRUCT>(visitor))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_enum(name, variants, Wrapped::<V, ANY>(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// A visitor whose nested values are read through [`SchemaTypes`]; `MODE` [`STRUCT`]: the
/// visitor of a struct, which refuses a sequence; [`INTEGER`]: of an integer, which reads a
/// float without a fraction as an integer.
struct Wrapped<V, const MODE: u8>(V);

/// Forwards `visit_*` methods of a plain value.
macro_rules! forward_visit {
    ($($method:ident($ty:ty))*) => {
        $(fn $method<E: de::Error>(self, value: $ty) -> Result<V::Value, E> {
            self.0.$method(value)
        })*
    };
}

impl<'de, V: Visitor<'de>, const MODE: u8> Visitor<'de> for Wrapped<V, MODE> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(formatter)
    }

    forward_visit! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64)
        visit_i128(i128) visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64)
        visit_u128(u128) visit_f32(f32) visit_char(char) visit_str(&str)
        visit_borrowed_str(&'de str) visit_string(String) visit_bytes(&[u8])
        visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a whole number inside the range of the integer type, checked first"
    )]
    fn visit_f64<E: de::Error>(self, value: f64) -> Result<V::Value, E> {
        // 2^63 and 2^64 are exact as floats; the integer visitor checks its own range.
        const I64_END: f64 = 9_223_372_036_854_775_808.0;
        const U64_END: f64 = 18_446_744_073_709_551_616.0;
        if MODE == INTEGER && value.fract() == 0.0 {
            if (-I64_END..0.0).contains(&value) {
                return self.0.visit_i64(value as i64);
            }
            if (0.0..U64_END).contains(&value) {
                return self.0.visit_u64(value as u64);
            }
        }
        self.0.visit_f64(value)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(SchemaTypes(deserializer))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(SchemaTypes(deserializer))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        if MODE == STRUCT {
            return Err(de::Error::custom(OBJECT_RULE));
        }
        self.0.visit_seq(Access(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(Access(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(Access(data))
    }
}

/// A sequence, map, enum or variant whose values are read through [`SchemaTypes`].
struct Access<A>(A);

/// A seed that deserialises through [`SchemaTypes`].
struct Seed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(SchemaTypes(deserializer))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Access<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Access<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Seed(seed))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Access<A> {
    type Error = A::Error;
    type Variant = Access<A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Self::Variant), A::Error> {
        let (value, variant) = self.0.variant_seed(Seed(seed))?;
        Ok((value, Access(variant)))
    }
}

impl<'de, A: de::VariantAccess<'de>> de::VariantAccess<'de> for Access<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(Seed(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Wrapped::<V, ANY>(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, Wrapped::<V, STRUCT>(visitor))
    }
}
