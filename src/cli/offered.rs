//! Option values read leniently (by the type's own `FromStr`, which may take loose spellings or
//! names in any case) that still offer their exact names to shell completion.

use std::ffi::OsStr;
use std::marker::PhantomData;
use std::str::FromStr;

use clap::builder::{PossibleValue, TypedValueParser};

/// A value parser that reads a `T` by its `FromStr` and offers `names` as the values shell
/// completion lists (the help shows them too, unless the option hides them).
pub struct Offered<T> {
    names: Vec<String>,
    read: PhantomData<fn() -> T>,
}

impl<T> Clone for Offered<T> {
    fn clone(&self) -> Self {
        Offered {
            names: self.names.clone(),
            read: PhantomData,
        }
    }
}

/// Reads a `T`, offering `names`.
pub fn offered<T>(names: impl IntoIterator<Item = impl Into<String>>) -> Offered<T> {
    Offered {
        names: names.into_iter().map(Into::into).collect(),
        read: PhantomData,
    }
}

impl<T> TypedValueParser for Offered<T>
where
    T: FromStr + Clone + Send + Sync + 'static,
    T::Err: Into<Box<dyn std::error::Error + Send + Sync + 'static>>,
{
    type Value = T;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        // clap's own reading of a `FromStr` value, with its messages.
        (|text: &str| text.parse::<T>()).parse_ref(command, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.names
                .iter()
                .map(|name| PossibleValue::new(name.clone())),
        ))
    }
}
