//! Files written whole or not at all: the text goes to a temporary file beside the target,
//! renamed over it once complete (`-o FILE`, a saved game).

use std::io;
use std::path::Path;

use tempfile::NamedTempFile;

/// The folder `target` is in (`.` for a bare name).
pub fn folder_of(target: &Path) -> &Path {
    match target.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    }
}

/// A temporary file in `target`'s folder, to be renamed over `target` once written, with the
/// permissions a shell's `>` would leave `target` with: those of an existing `target`, else
/// read and write for all less the umask; not a temporary file's owner-only ones, which it
/// would keep once renamed.
pub fn temporary_file_for(target: &Path) -> io::Result<NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".sudoku-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let file = builder.tempfile_in(folder_of(target))?;
    #[cfg(unix)]
    if let Ok(metadata) = std::fs::metadata(target) {
        // Best effort: the text is written either way.
        let _ = file.as_file().set_permissions(metadata.permissions());
    }
    Ok(file)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;

    /// The permission bits of a file.
    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    /// Writes `text` to `target` as the callers do.
    fn replace(target: &Path, text: &str) {
        let mut file = temporary_file_for(target).unwrap();
        file.write_all(text.as_bytes()).unwrap();
        file.persist(target).unwrap();
    }

    #[test]
    fn a_file_replaced_has_the_permissions_a_shell_would_give_it() {
        let folder = tempfile::tempdir().unwrap();
        let by_hand = folder.path().join("by_hand.txt");
        std::fs::write(&by_hand, "").unwrap();
        let target = folder.path().join("target.txt");
        replace(&target, "new");
        assert_eq!(mode(&target), mode(&by_hand));
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o604)).unwrap();
        replace(&target, "again");
        assert_eq!(mode(&target), 0o604);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "again");
    }

    #[test]
    fn a_bare_name_is_in_the_current_folder() {
        assert_eq!(folder_of(Path::new("out.txt")), Path::new("."));
        assert_eq!(folder_of(Path::new("a/out.txt")), Path::new("a"));
    }
}
