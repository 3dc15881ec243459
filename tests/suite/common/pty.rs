//! Pseudo-terminals, for the tests of the binary as a person at a keyboard meets it.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::sync::mpsc::{self, Receiver};

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};

/// A new pseudo-terminal: its master side, and the path of the side a program gets as its
/// terminal.
pub fn open() -> (File, String) {
    // Not inherited by the programs the tests start (std sets close-on-exec on what it opens;
    // openpt does not unless asked): a program holding a master side open would keep its
    // terminal, or another test's, from ever hanging up.
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC).unwrap();
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let terminal = ptsname(&master, Vec::new()).unwrap().into_string().unwrap();
    (File::from(master), terminal)
}

/// What a program writes to the terminal, read from `master` on a thread of its own, in chunks
/// as they come.
pub fn output(master: &File) -> Receiver<Vec<u8>> {
    let mut reader = master.try_clone().unwrap();
    let (sender, output) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 8192];
        while let Ok(n @ 1..) = reader.read(&mut buffer) {
            if sender.send(buffer[..n].to_vec()).is_err() {
                return;
            }
        }
    });
    output
}

/// A new handle on the program's side of the terminal at `path`, for reading and writing.
pub fn side(path: &str) -> File {
    OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .unwrap()
}
