//! Pseudo-terminals, for the tests of the binary as a person at a keyboard meets it.

use std::fs::File;

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};

/// A new pseudo-terminal: its master side, and the path of the side a program gets as its
/// terminal.
pub fn open() -> (File, String) {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let terminal = ptsname(&master, Vec::new()).unwrap().into_string().unwrap();
    (File::from(master), terminal)
}
