//! Option values read leniently (by the type's own parser, which may take loose spellings or
//! names in any case) that still offer their exact names to shell completion.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};

/// A value parser that reads a value with `read` and offers `names` as the values shell
/// completion lists (the help shows them too, unless the option hides them).
#[derive(Clone)]
pub struct Offered<P> {
    read: P,
    names: Vec<String>,
}

/// Reads with `read`, offering `names`.
pub fn offered<P, N>(read: P, names: impl IntoIterator<Item = N>) -> Offered<P>
where
    P: TypedValueParser,
    N: Into<String>,
{
    Offered {
        read,
        names: names.into_iter().map(Into::into).collect(),
    }
}

impl<P: TypedValueParser> TypedValueParser for Offered<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.read.parse_ref(command, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.names
                .iter()
                .map(|name| PossibleValue::new(name.clone())),
        ))
    }
}
