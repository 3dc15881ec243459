//! Files written whole or not at all: the text goes to a temporary file beside the target,
//! renamed over it once complete (`-o FILE`, a saved game). A target that is no file (a
//! device such as `/dev/null`, a named pipe) is written in place instead, as a shell's `>`
//! writes it: a file renamed over it would take its place. So is, once complete, a file with
//! other names (hard links, which would keep the old text), and one that may be written but
//! not replaced: in a folder that may not be written, or mounted on its own (a container's
//! bind mount), where `>` would write it too.

use std::io;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// The folder `target` is in (`.` for a bare name).
pub fn folder_of(target: &Path) -> &Path {
    match target.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    }
}

/// What a path to be written names.
#[derive(Debug)]
pub enum WriteTarget {
    /// A regular file, or nothing yet: replaced whole at this path, where symbolic links lead
    /// (so that a link stays a link and its file gets the text).
    Replace(PathBuf),
    /// A device, a named pipe or a socket: written in place.
    InPlace,
    /// A folder, or a name ending in `/` as only a folder's does: nothing can be written there.
    Folder,
    /// A path that cannot be looked up, for a reason `>` would give too (a loop of symbolic
    /// links, a folder that may not be searched).
    Unreachable(io::Error),
}

/// What `target` names, symbolic links followed (one that leads nowhere yet is replaced where
/// it leads, as `>` would create the file there).
pub fn write_target(target: &Path) -> WriteTarget {
    let text = target.as_os_str().to_string_lossy();
    if text.ends_with(std::path::is_separator) {
        return WriteTarget::Folder;
    }
    let metadata = match std::fs::metadata(target) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            return WriteTarget::Replace(where_a_link_leads(target));
        }
        Err(error) => return WriteTarget::Unreachable(error),
    };
    if metadata.is_dir() {
        WriteTarget::Folder
    } else if metadata.is_file() {
        WriteTarget::Replace(std::fs::canonicalize(target).unwrap_or_else(|_| target.into()))
    } else {
        WriteTarget::InPlace
    }
}

/// The path that `target`'s chain of symbolic links ends at, for a target that does not exist
/// (`target` itself when it is no link, or the chain is too long to be followed).
fn where_a_link_leads(target: &Path) -> PathBuf {
    /// As many links as Linux follows before it gives up.
    const MOST_LINKS: usize = 40;
    let mut path = target.to_path_buf();
    for _ in 0..MOST_LINKS {
        match std::fs::read_link(&path) {
            Ok(next) => path = folder_of(&path).join(next),
            Err(_) => return path,
        }
    }
    target.to_path_buf()
}

/// A temporary file in `target`'s folder, to be put in its place by [`put_in_place`] once
/// written, with the permissions a shell's `>` would leave `target` with: those of an existing
/// `target`, else read and write for all less the umask; not a temporary file's owner-only
/// ones, which it would keep once renamed. An existing `target`'s owner and group are kept
/// too, where that is allowed (root writing another user's file), and its extended attributes
/// (its ACL); one that may not be written is refused. When `target` may be written but its
/// folder may not, the temporary file is made in the system's folder for them instead
/// (owner-only: it is copied into `target`, not renamed).
pub fn temporary_file_for(target: &Path) -> io::Result<NamedTempFile> {
    let existing = std::fs::metadata(target).ok();
    // A file that may not be written is not replaced either, as `>` would not truncate it
    // (renaming over it needs only the folder's permission).
    if existing.is_some() {
        std::fs::OpenOptions::new().write(true).open(target)?;
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(".sudoku-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let file = match builder.tempfile_in(folder_of(target)) {
        Ok(file) => file,
        Err(_) if existing.as_ref().is_some_and(std::fs::Metadata::is_file) => {
            return NamedTempFile::new();
        }
        Err(error) => return Err(error),
    };
    #[cfg(unix)]
    if let Some(metadata) = existing {
        use std::os::unix::fs::MetadataExt;
        // Best effort: the text is written either way.
        let _ =
            std::os::unix::fs::fchown(file.as_file(), Some(metadata.uid()), Some(metadata.gid()));
        let _ = file.as_file().set_permissions(metadata.permissions());
        copy_extended_attributes(target, file.as_file());
    }
    Ok(file)
}

/// Copies `target`'s extended attributes (on Linux its ACL and SELinux label among them) onto
/// `file`, which is to replace it, as `>` would have kept them: a rename would drop them. Best
/// effort, as the owner is: one that may not be set (a label only root may set) is left out.
#[cfg(unix)]
fn copy_extended_attributes(target: &Path, file: &std::fs::File) {
    use xattr::FileExt;
    let Ok(names) = xattr::list_deref(target) else {
        return;
    };
    for name in names {
        if let Ok(Some(value)) = xattr::get_deref(target, &name) {
            let _ = file.set_xattr(&name, &value);
        }
    }
}

/// Puts the finished `file` at `target`: renamed over it, or copied into it, as `>` would write
/// it, where `target` is a file that has other names (hard links, which a rename would leave
/// with the old text) or cannot be replaced (its folder may not be written, or it is mounted on
/// its own).
pub fn put_in_place(file: NamedTempFile, target: &Path) -> io::Result<()> {
    let file = if has_other_names(target) {
        file
    } else {
        match file.persist(target) {
            Ok(_) => return Ok(()),
            Err(unplaced) if target.is_file() => unplaced.file,
            Err(unplaced) => return Err(unplaced.error),
        }
    };
    let mut text = file.reopen()?;
    let mut into = std::fs::OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(target)?;
    io::copy(&mut text, &mut into)?;
    Ok(())
}

/// Whether `target` is a file with more than one name (hard links).
fn has_other_names(target: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(target).is_ok_and(|metadata| metadata.is_file() && metadata.nlink() > 1)
    }
    #[cfg(not(unix))]
    {
        false
    }
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
        put_in_place(file, target).unwrap();
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
    fn a_file_that_may_not_be_written_is_not_replaced() {
        let folder = tempfile::tempdir().unwrap();
        let target = folder.path().join("target.txt");
        std::fs::write(&target, "kept").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).unwrap();
        let writable = std::fs::OpenOptions::new()
            .write(true)
            .open(&target)
            .is_ok();
        let refused = temporary_file_for(&target).map(drop);
        // Root may write any file, with `>` as here.
        assert_eq!(refused.is_ok(), writable, "{refused:?}");
        if !writable {
            assert_eq!(refused.unwrap_err().kind(), io::ErrorKind::PermissionDenied);
            assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
        }
    }

    #[test]
    fn a_file_replaced_keeps_its_owner_where_that_is_allowed() {
        use std::os::unix::fs::MetadataExt;
        let folder = tempfile::tempdir().unwrap();
        let target = folder.path().join("target.txt");
        std::fs::write(&target, "").unwrap();
        let owner = |path: &Path| {
            let metadata = std::fs::metadata(path).unwrap();
            (metadata.uid(), metadata.gid())
        };
        // Only root may give a file away; as anyone else the owner is the writer anyway.
        let other = (4321, 4321);
        if std::os::unix::fs::chown(&target, Some(other.0), Some(other.1)).is_err() {
            return;
        }
        replace(&target, "new");
        assert_eq!(owner(&target), other);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    }

    #[test]
    fn devices_are_written_in_place_and_links_replaced_where_they_lead() {
        assert!(matches!(
            write_target(Path::new("/dev/null")),
            WriteTarget::InPlace
        ));
        let folder = tempfile::tempdir().unwrap();
        assert!(matches!(write_target(folder.path()), WriteTarget::Folder));
        let missing = folder.path().join("missing/");
        assert!(matches!(write_target(&missing), WriteTarget::Folder));
        let file = folder.path().join("file.txt");
        assert!(matches!(write_target(&file), WriteTarget::Replace(path) if path == file));
        std::fs::write(&file, "").unwrap();
        let link = folder.path().join("link.txt");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        let file = std::fs::canonicalize(&file).unwrap();
        assert!(matches!(write_target(&link), WriteTarget::Replace(path) if path == file));
        let nowhere = folder.path().join("nowhere.txt");
        std::os::unix::fs::symlink("new.txt", &nowhere).unwrap();
        let new = folder.path().join("new.txt");
        assert!(matches!(write_target(&nowhere), WriteTarget::Replace(path) if path == new));
    }

    #[test]
    fn a_loop_of_links_is_not_replaced() {
        let folder = tempfile::tempdir().unwrap();
        let (one, two) = (folder.path().join("one"), folder.path().join("two"));
        std::os::unix::fs::symlink(&two, &one).unwrap();
        std::os::unix::fs::symlink(&one, &two).unwrap();
        assert!(matches!(write_target(&one), WriteTarget::Unreachable(_)));
    }

    #[test]
    fn a_file_with_other_names_is_written_through_all_of_them() {
        use std::os::unix::fs::MetadataExt;
        let folder = tempfile::tempdir().unwrap();
        let (first, second) = (folder.path().join("first"), folder.path().join("second"));
        std::fs::write(&first, "old text, longer than the new").unwrap();
        std::fs::hard_link(&first, &second).unwrap();
        replace(&second, "new");
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "new");
        let inode = |path: &Path| std::fs::metadata(path).unwrap().ino();
        assert_eq!(inode(&first), inode(&second));
    }

    #[test]
    fn a_bare_name_is_in_the_current_folder() {
        assert_eq!(folder_of(Path::new("out.txt")), Path::new("."));
        assert_eq!(folder_of(Path::new("a/out.txt")), Path::new("a"));
    }
}
