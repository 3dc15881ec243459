//! The conventions of a mature command-line tool, on the binary: shell completions and a manual
//! page generated from the same definitions as `--help`.

use crate::common;

use common::{EASY, SOLUTION, run};

/// Every subcommand `sudoku --help` lists, but `help`.
fn subcommands() -> Vec<String> {
    let (_, help, _) = run(&["--help"], "");
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        // A name starts two spaces in; a description running on is indented further.
        .filter(|line| !line[2..].starts_with(' '))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(String::from)
        .collect()
}

/// Every long flag `sudoku SUBCOMMAND --help` names.
fn long_flags(subcommand: &str) -> Vec<String> {
    let (_, help, _) = run(&[subcommand, "--help"], "");
    let mut flags: Vec<String> = help
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .map(String::from)
        .collect();
    flags.sort();
    flags.dedup();
    flags
}

#[test]
fn completions_name_every_subcommand_and_flag_for_every_shell() {
    let subcommands = subcommands();
    assert!(subcommands.len() >= 9, "{subcommands:?}");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let (status, script, stderr) = run(&["completions", shell], "");
        assert_eq!((status, stderr.as_str()), (0, ""), "{shell}");
        for subcommand in &subcommands {
            assert!(
                script.contains(subcommand.as_str()),
                "{shell}: {subcommand}"
            );
            for flag in long_flags(subcommand) {
                // fish writes long flags without their dashes (`-l format`).
                let bare = flag.trim_start_matches('-');
                assert!(script.contains(bare), "{shell}: {subcommand} {flag}");
            }
        }
    }
    let (status, _, _) = run(&["completions", "tcsh"], "");
    assert_eq!(status, 2);
}

/// The words bash completion offers after `flag`, from the script's `compgen -W` for it.
fn offered_after(script: &str, flag: &str) -> Vec<String> {
    let at = script
        .find(&format!("{flag})"))
        .unwrap_or_else(|| panic!("{flag}"));
    let words = &script[at..];
    let start = words.find("compgen -W \"").unwrap() + "compgen -W \"".len();
    let end = start + words[start..].find('"').unwrap();
    words[start..end]
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn completions_offer_the_names_an_option_takes_and_each_is_taken() {
    let (_, script, _) = run(&["completions", "bash"], "");
    let easy = format!("{}\n", common::EASY);
    let techniques = offered_after(&script, "--until");
    assert!(techniques.len() > 50, "{techniques:?}");
    assert!(techniques.iter().any(|t| t == "x-wing"), "{techniques:?}");
    for technique in &techniques {
        let (status, _, stderr) = run(&["fill", "--until", technique], &easy);
        assert_eq!(status, 0, "{technique}: {stderr}");
    }
    assert_eq!(
        offered_after(&script, "--difficulty"),
        ["easy", "medium", "hard", "unfair", "extreme"]
    );
    let alphabets = offered_after(&script, "--alphabet");
    assert_eq!(alphabets, ["digits", "letters", "hex", "numbers"]);
    for alphabet in &alphabets {
        let (status, _, stderr) = run(&["count", "--alphabet", alphabet, "--box", "2x2"], "");
        assert_eq!(status, 0, "{alphabet}: {stderr}");
    }
    // Looser spellings are still read, and the help does not list the names twice.
    let (status, _, _) = run(&["fill", "--until", "X Wing"], &easy);
    assert_eq!(status, 0);
    let (_, help, _) = run(&["fill", "--help"], "");
    assert!(!help.contains("possible values"), "{help}");
}

#[test]
fn the_manual_page_names_every_subcommand_and_flag() {
    let (status, page, _) = run(&["man"], "");
    assert_eq!(status, 0);
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "roff");
    assert!(page.contains(".TH sudoku 1"), "{}", &page[..200]);
    assert!(page.contains("EXIT STATUS"));
    for subcommand in subcommands() {
        assert!(
            page.contains(&format!("SUBCOMMAND: {}", subcommand.to_uppercase())),
            "{subcommand}"
        );
        for flag in long_flags(&subcommand) {
            // roff escapes the dashes of flags: `\-\-format`.
            let escaped = flag.replace('-', "\\-");
            assert!(
                page.contains(&flag) || page.contains(&escaped),
                "{subcommand} {flag}"
            );
        }
    }
}

/// The lines of a help's section on exit statuses, from `Exit status:` to the end.
fn exit_section(subcommand: &str) -> String {
    let (_, help, _) = run(&[subcommand, "--help"], "");
    let start = help
        .find("Exit status:")
        .unwrap_or_else(|| panic!("{subcommand}: {help}"));
    help[start..].to_string()
}

#[test]
fn each_subcommands_help_gives_the_exit_statuses_it_can_give() {
    // A puzzle without a solution, one with several, and a grid with clashing givens.
    let no_solution =
        "................12..3.45.........6.....1.6..7.54.8...3......5.....2.....2..7....9\n";
    let several =
        "..............1..2..3.4..5........3..1..5..6.2.............8..7...2.71....4......\n";
    let clash = format!("11{}\n", ".".repeat(79));
    let documents = ["completions", "man"];
    for subcommand in subcommands()
        .iter()
        .filter(|s| !documents.contains(&s.as_str()))
    {
        let section = exit_section(subcommand);
        assert!(section.contains("\n  0  "), "{subcommand}: {section}");
        // Status 3 is there exactly when the subcommand has a --timeout.
        let has_timeout = long_flags(subcommand)
            .iter()
            .any(|flag| flag == "--timeout");
        assert_eq!(
            section.contains("\n  3  "),
            has_timeout,
            "{subcommand}: {section}"
        );
        if subcommand == "play" {
            assert!(section.contains("\n  129  "), "{section}");
            continue;
        }
        assert!(
            section.contains("\n  2  bad usage"),
            "{subcommand}: {section}"
        );
        // Status 1 is there exactly when one of these inputs gives it.
        let gives_failure = [no_solution, several, clash.as_str()]
            .iter()
            .any(|input| run(&[subcommand, "-q"], input).0 == 1);
        let generate_fails = subcommand == "generate"
            && run(&["generate", "-q", "--clues", "17", "--seed", "1"], "").0 == 1;
        assert_eq!(
            section.contains("\n  1  "),
            gives_failure || generate_fails,
            "{subcommand}: {section}"
        );
    }
    // check reports clashing givens as a failed check (1), every other subcommand as an
    // invalid puzzle (2); each help says so.
    assert!(!exit_section("check").contains("clashing givens"));
    assert!(exit_section("solve").contains("clashing givens"));
    assert_eq!(run(&["check", "-q"], &clash).0, 1);
    assert_eq!(run(&["solve", "-q"], &clash).0, 2);
    // The manual page has each subcommand's section as well as the whole list.
    let (_, page, _) = run(&["man"], "");
    assert!(page.contains("every grid passed its check"));
    assert!(page.contains("the game ended with q"));
}

#[test]
fn output_goes_to_a_file_only_once_it_is_whole() {
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("solutions.txt");
    let target_arg = target.to_str().unwrap();
    let sample = common::puzzle_path("sample.txt");
    let (status, stdout, _) = run(&["solve", sample.to_str().unwrap(), "-o", target_arg], "");
    assert_eq!((status, stdout.as_str()), (0, ""));
    let (_, expected, _) = run(&["solve", sample.to_str().unwrap()], "");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), expected);
    // Every subcommand that prints results takes it.
    for args in [
        &["count"][..],
        &["check"],
        &["candidates"],
        &["hint"],
        &["explain"],
        &["fill"],
        &["rate"],
    ] {
        let path = folder.path().join(format!("{}.txt", args[0]));
        let mut all = args.to_vec();
        all.extend(["-o", path.to_str().unwrap(), sample.to_str().unwrap()]);
        let (status, stdout, _) = run(&all, "");
        assert_eq!((status, stdout.as_str()), (0, ""), "{args:?}");
        assert!(
            !std::fs::read_to_string(&path).unwrap().is_empty(),
            "{args:?}"
        );
    }
    let generated = folder.path().join("generated.txt");
    let args = [
        "generate",
        "-n",
        "3",
        "--seed",
        "1",
        "-o",
        generated.to_str().unwrap(),
    ];
    assert_eq!(run(&args, "").0, 0);
    assert_eq!(
        std::fs::read_to_string(&generated).unwrap().lines().count(),
        3
    );
}

#[test]
fn output_dash_is_stdout() {
    let folder = tempfile::tempdir().unwrap();
    let sample = common::puzzle_path("sample.txt");
    let sample = sample.to_str().unwrap();
    let output = common::sudoku()
        .current_dir(folder.path())
        .args(["solve", sample, "-o", "-"])
        .output()
        .unwrap();
    let (_, expected, _) = run(&["solve", sample], "");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), expected);
    assert!(!folder.path().join("-").exists());
}

/// The permission bits of a file.
#[cfg(unix)]
fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[cfg(unix)]
#[test]
fn an_output_file_has_the_permissions_a_shell_would_give_it() {
    use std::os::unix::fs::PermissionsExt;
    let folder = tempfile::tempdir().unwrap();
    // A new file is made as any other (read and write for all, less the umask), not
    // owner-only as the temporary file it is written to.
    let made_by_hand = folder.path().join("by_hand.txt");
    std::fs::write(&made_by_hand, "").unwrap();
    let target = folder.path().join("solutions.txt");
    let args = ["solve", "-o", target.to_str().unwrap()];
    assert_eq!(run(&args, common::EASY).0, 0);
    assert_eq!(mode(&target), mode(&made_by_hand));
    // One that exists keeps its own.
    for kept in [0o640, 0o604] {
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(kept)).unwrap();
        assert_eq!(run(&args, common::EASY).0, 0);
        assert_eq!(mode(&target), kept);
    }
}

/// An access ACL granting user 4321 read access, as `setfacl -m u:4321:r` writes it in
/// `system.posix_acl_access`: a version, then (tag, permissions, id) entries in tag order.
#[cfg(unix)]
fn acl_granting_a_reader() -> Vec<u8> {
    let entries: [(u16, u16, u32); 5] = [
        (0x01, 6, u32::MAX), // the owner: rw
        (0x02, 4, 4321),     // user 4321: r
        (0x04, 4, u32::MAX), // the group: r
        (0x10, 4, u32::MAX), // the mask: r
        (0x20, 0, u32::MAX), // others: none
    ];
    let mut acl = 2u32.to_le_bytes().to_vec();
    for (tag, permissions, id) in entries {
        acl.extend(tag.to_le_bytes());
        acl.extend(permissions.to_le_bytes());
        acl.extend(id.to_le_bytes());
    }
    acl
}

#[cfg(unix)]
#[test]
fn an_output_file_keeps_its_extended_attributes_and_its_acl() {
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("solutions.txt");
    std::fs::write(&target, "old\n").unwrap();
    // Each is set where the file system takes it (user attributes and ACLs are common, not
    // universal), and then must outlive the file's replacement.
    let attributes = [
        ("user.sudoku.test", b"kept".to_vec()),
        ("system.posix_acl_access", acl_granting_a_reader()),
    ];
    let mut set = Vec::new();
    for (name, value) in attributes {
        if xattr::set(&target, name, &value).is_ok() {
            set.push((name, xattr::get(&target, name).unwrap()));
        }
    }
    if set.is_empty() {
        eprintln!("skipped: this file system takes no extended attribute");
        return;
    }
    let args = ["solve", "-o", target.to_str().unwrap()];
    assert_eq!(run(&args, common::EASY).0, 0);
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        format!("{}\n", common::SOLUTION)
    );
    for (name, value) in set {
        assert_eq!(xattr::get(&target, name).unwrap(), value, "{name}");
    }
}

/// A named pipe at `path`.
#[cfg(unix)]
fn make_named_pipe(path: &std::path::Path) {
    let mode = rustix::fs::Mode::from_raw_mode(0o600);
    rustix::fs::mknodat(rustix::fs::CWD, path, rustix::fs::FileType::Fifo, mode, 0).unwrap();
}

/// A file in `folder` of an easy puzzle, then the empty grid: counted to a limit it never
/// reaches (`--limit 1000000000000`), the second runs until stopped.
#[cfg(unix)]
fn easy_then_endless(folder: &std::path::Path) -> std::path::PathBuf {
    let input = folder.join("two.txt");
    std::fs::write(&input, format!("{}\n{}\n", common::EASY, ".".repeat(81))).unwrap();
    input
}

/// `count` started on `input` (see [`easy_then_endless`]) with its answers going to `-o
/// target`, its stderr piped.
#[cfg(unix)]
fn endless_count(input: &std::path::Path, target: &std::path::Path) -> std::process::Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["count", "-j", "1", "--limit", "1000000000000", "-o"])
        .args([target, input])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn an_output_that_is_no_file_is_written_in_place_and_a_link_keeps_pointing_at_its_file() {
    use std::os::unix::fs::FileTypeExt;
    let folder = tempfile::tempdir().unwrap();
    let sample = common::puzzle_path("sample.txt");
    let sample = sample.to_str().unwrap();
    let (_, expected, _) = run(&["solve", sample], "");
    // A named pipe stays one, and its reader gets the answers: a file renamed over it would
    // take its place, as it would over /dev/null.
    let pipe = folder.path().join("pipe");
    make_named_pipe(&pipe);
    let reader = {
        let pipe = pipe.clone();
        std::thread::spawn(move || std::fs::read_to_string(pipe).unwrap())
    };
    let (status, stdout, stderr) = run(&["solve", sample, "-o", pipe.to_str().unwrap()], "");
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (0, "", ""));
    assert!(std::fs::metadata(&pipe).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), expected);
    // A symbolic link is written through, even to a file not there yet, as `>` writes.
    let link = folder.path().join("link.txt");
    std::os::unix::fs::symlink("answers.txt", &link).unwrap();
    for _ in 0..2 {
        let (status, _, _) = run(&["solve", sample, "-o", link.to_str().unwrap()], "");
        assert_eq!(status, 0);
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        let answers = std::fs::read_to_string(folder.path().join("answers.txt")).unwrap();
        assert_eq!(answers, expected);
    }
    // A file with two names (a hard link) gets the answers under both, as `>` writes it.
    let (first, second) = (
        folder.path().join("first.txt"),
        folder.path().join("second.txt"),
    );
    std::fs::write(&first, "old\n").unwrap();
    std::fs::hard_link(&first, &second).unwrap();
    let (status, _, _) = run(&["solve", sample, "-o", second.to_str().unwrap()], "");
    assert_eq!(status, 0);
    assert_eq!(std::fs::read_to_string(&first).unwrap(), expected);
    // A folder is refused at once, and nothing is left in it.
    let before = std::fs::read_dir(folder.path()).unwrap().count();
    let (status, stdout, stderr) = run(
        &["solve", "-o", folder.path().to_str().unwrap()],
        common::EASY,
    );
    assert_eq!((status, stdout.as_str()), (2, ""));
    let refusal = format!(
        "cannot write to {}: it names a folder",
        folder.path().display()
    );
    assert!(stderr.contains(&refusal), "{stderr}");
    // So is a name that only a folder can have, before any work, as `>` refuses it.
    let slashed = format!("{}/", folder.path().join("new").display());
    let (status, _, stderr) = run(&["solve", "-o", &slashed], common::EASY);
    assert_eq!(status, 2);
    assert!(
        stderr.contains(&format!("{slashed}: it names a folder")),
        "{stderr}"
    );
    assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), before);
    // A loop of links is refused, as `>` refuses it, and stays a loop.
    let (one, two) = (folder.path().join("one"), folder.path().join("two"));
    std::os::unix::fs::symlink("two", &one).unwrap();
    std::os::unix::fs::symlink("one", &two).unwrap();
    let (status, _, stderr) = run(&["solve", "-o", one.to_str().unwrap()], common::EASY);
    assert_eq!(status, 2);
    assert!(
        stderr.contains(&format!("cannot write to {}: ", one.display())),
        "{stderr}"
    );
    assert!(std::fs::symlink_metadata(&one).unwrap().is_symlink());
    assert_eq!(
        std::fs::read_link(&one).unwrap(),
        std::path::Path::new("two")
    );
}

/// `-o` to a file that may be written in a folder that may not: `>` writes it, so `-o` does
/// too (its text copied in once complete, as it cannot be renamed over the file); a file not
/// there yet cannot be made, and is refused as `>` refuses it.
#[cfg(unix)]
#[test]
fn an_output_file_in_a_folder_that_may_not_be_written_is_written_in_place() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let set_mode = |path: &std::path::Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    // Root may write any folder, so the binary runs as nobody there; a copy of it in a
    // folder that nobody may enter, since the project's own may not be.
    let top = tempfile::tempdir().unwrap();
    set_mode(top.path(), 0o755);
    let binary = top.path().join("sudoku");
    std::fs::copy(assert_cmd::cargo::cargo_bin("sudoku"), &binary).unwrap();
    let closed = top.path().join("closed");
    std::fs::create_dir(&closed).unwrap();
    let answers = closed.join("answers.txt");
    std::fs::write(&answers, "old\n").unwrap();
    set_mode(&answers, 0o666);
    set_mode(&closed, 0o555);
    let solve_into = |target: &std::path::Path| {
        let mut command = std::process::Command::new(&binary);
        if rustix::process::geteuid().is_root() {
            command.uid(65534).gid(65534);
        }
        let output = command
            .args(["solve", "-o", target.to_str().unwrap()])
            .stdin(std::fs::File::open(common::puzzle_path("sample.txt")).unwrap())
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        (output.status.code().unwrap(), stderr)
    };
    let (_, expected, _) = run(
        &["solve", common::puzzle_path("sample.txt").to_str().unwrap()],
        "",
    );
    assert_eq!(solve_into(&answers), (0, String::new()));
    assert_eq!(std::fs::read_to_string(&answers).unwrap(), expected);
    let new = closed.join("new.txt");
    let (status, stderr) = solve_into(&new);
    assert_eq!(status, 2);
    assert!(stderr.contains("cannot write to"), "{stderr}");
    assert!(!new.exists());
    // A file that may not be written is not replaced either, even in a folder open to all
    // (renaming over it needs only the folder's permission).
    let open = top.path().join("open");
    std::fs::create_dir(&open).unwrap();
    set_mode(&open, 0o777);
    let protected = open.join("protected.txt");
    std::fs::write(&protected, "kept\n").unwrap();
    set_mode(&protected, 0o444);
    let (status, stderr) = solve_into(&protected);
    assert_eq!(status, 2);
    assert!(stderr.contains("permission denied"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&protected).unwrap(), "kept\n");
    set_mode(&closed, 0o755);
}

/// A job that never ends by itself ends as soon as the reader of its named pipe goes, as it
/// does for a pipe on stdout.
#[cfg(unix)]
#[test]
fn a_named_pipe_as_output_whose_reader_goes_ends_a_slow_job() {
    use std::io::BufRead;
    let folder = tempfile::tempdir().unwrap();
    let pipe = folder.path().join("pipe");
    make_named_pipe(&pipe);
    let input = easy_then_endless(folder.path());
    let mut child = endless_count(&input, &pipe);
    let mut first = String::new();
    let mut reader = std::io::BufReader::new(std::fs::File::open(&pipe).unwrap());
    reader.read_line(&mut first).unwrap();
    assert_eq!(first, "1\n");
    drop(reader);
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() && started.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "ended quietly, not killed");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// A copy of `puzzles/sample.txt` in `folder`, to be written over by mistake, and its text.
fn sample_copy_in(folder: &std::path::Path) -> (std::path::PathBuf, String) {
    let input = folder.join("puzzles.txt");
    std::fs::copy(common::puzzle_path("sample.txt"), &input).unwrap();
    let text = std::fs::read_to_string(&input).unwrap();
    (input, text)
}

#[test]
fn an_output_file_that_is_also_an_input_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let (input, before) = sample_copy_in(folder.path());
    let same = input.to_str().unwrap();
    let other_spelling = format!("{}/./puzzles.txt", folder.path().display());
    for output in [same, other_spelling.as_str()] {
        let (status, stdout, stderr) = run(&["solve", same, "-o", output], "");
        assert_eq!((status, stdout.as_str()), (2, ""));
        assert!(stderr.contains("is also an input"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&input).unwrap(), before);
    }
    // The solutions of `check --solution` are an input too.
    let (status, _, _) = run(&["check", "--solution", same, "-o", same, same], "");
    assert_eq!(status, 2);
    // So is the same file under another name (a hard link, whose every name `-o` writes), or
    // open on stdin.
    #[cfg(unix)]
    {
        let linked = folder.path().join("linked.txt");
        std::fs::hard_link(&input, &linked).unwrap();
        let linked = linked.to_str().unwrap();
        let on_stdin = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
            .args(["solve", "-o", same])
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .unwrap();
        let on_stdin = (
            on_stdin.status.code().unwrap(),
            String::from_utf8(on_stdin.stderr).unwrap(),
        );
        let (status, _, stderr) = run(&["solve", same, "-o", linked], "");
        for (status, stderr) in [(status, stderr), on_stdin] {
            assert_eq!(status, 2);
            assert!(stderr.contains("is also an input"), "{stderr}");
            assert_eq!(std::fs::read_to_string(&input).unwrap(), before);
        }
    }
}

/// `sudoku solve f.txt >> f.txt` would read its own answers back as puzzles and grow the file
/// without end; it is refused before any work, as `cat` refuses it.
#[cfg(unix)]
#[test]
fn stdout_that_is_also_an_input_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let (input, before) = sample_copy_in(folder.path());
    let appending = || {
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(&input)
            .unwrap();
        std::process::Stdio::from(file)
    };
    let sudoku = || std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"));
    let named = sudoku()
        .arg("solve")
        .arg(&input)
        .stdout(appending())
        .output();
    let piped_in = sudoku()
        .arg("count")
        .stdin(std::fs::File::open(&input).unwrap())
        .stdout(appending())
        .output();
    for (output, name) in [
        (named, input.display().to_string()),
        (piped_in, "<stdin>".into()),
    ] {
        let output = output.unwrap();
        assert_eq!(output.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let refusal = format!("sudoku: stdout is also an input ({name})");
        assert!(stderr.starts_with(&refusal), "{stderr}");
        assert_eq!(std::fs::read_to_string(&input).unwrap(), before);
    }
    // Another file appended to is no input.
    let other = folder.path().join("answers.txt");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&other);
    let output = sudoku()
        .arg("solve")
        .arg(&input)
        .stdout(file.unwrap())
        .output();
    assert_eq!(output.unwrap().status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&other).unwrap().lines().count(), 4);
}

#[test]
fn an_output_file_in_a_missing_folder_is_named_alone() {
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("missing").join("out.txt");
    let (status, stdout, stderr) = run(&["solve", "-o", target.to_str().unwrap()], common::EASY);
    assert_eq!((status, stdout.as_str()), (2, ""));
    let missing = folder.path().join("missing");
    let expected = format!(
        "sudoku: cannot write to {}: no folder {}\n",
        target.display(),
        missing.display()
    );
    assert_eq!(stderr, expected);
    assert!(!stderr.contains(".sudoku-"), "the temporary file: {stderr}");
}

#[test]
fn an_interrupted_run_leaves_no_half_file() {
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("ratings.txt");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["rate", "-j", "1", "-o", target.to_str().unwrap()])
        .arg(common::puzzle_path("hardest_1106.txt"))
        .spawn()
        .unwrap();
    // Long enough for some ratings to be written, far from the end of the file.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!target.exists(), "a half file was left at the target");
}

#[test]
fn quiet_keeps_stderr_empty_and_the_exit_status_true() {
    let input =
        "123\n12345678.........9...............................................................\n";
    for command in ["solve", "count", "rate", "check"] {
        let (status, stdout, stderr) = run(&[command, "-q"], input);
        assert_eq!(stderr, "", "{command}");
        assert_eq!(stdout.lines().count(), 2, "{command}");
        assert_eq!(status, 2, "{command}");
    }
    let (status, _, stderr) = run(&["solve", "--quiet", "--stats"], input);
    assert_eq!(status, 2);
    assert!(stderr.starts_with("sudoku: 2 puzzles:"), "{stderr}");
}

#[test]
fn compressed_input_is_read_by_its_first_bytes_from_files_and_stdin() {
    use std::io::Write;
    let text = std::fs::read(common::puzzle_path("sample.txt")).unwrap();
    let (_, expected, _) = run(&["solve"], &String::from_utf8(text.clone()).unwrap());
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(&text).unwrap();
    let gzip = gzip.finish().unwrap();
    // Two gzip members one after the other, as `cat a.gz b.gz` makes: both are read.
    let twice = [gzip.clone(), gzip.clone()].concat();
    let zstd = zstd::encode_all(text.as_slice(), 3).unwrap();
    let folder = tempfile::tempdir().unwrap();
    for (name, bytes, copies) in [("a.gz", &gzip, 1), ("b.txt", &zstd, 1), ("c", &twice, 2)] {
        // The name says nothing: b.txt is zstd, c is gzip.
        let path = folder.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let (status, stdout, stderr) = run(&["solve", path.to_str().unwrap()], "");
        assert_eq!((status, stderr.as_str()), (0, ""), "{name}");
        assert_eq!(stdout, expected.repeat(copies), "{name}");
        let (_, stdout, _) = common::run_bytes(&["solve"], bytes);
        assert_eq!(stdout, expected.repeat(copies));
    }
    // A damaged stream is an unreadable input: status 2, the rest still read.
    let damaged = folder.path().join("damaged.gz");
    std::fs::write(&damaged, &gzip[..gzip.len() / 2]).unwrap();
    let sample = common::puzzle_path("sample.txt");
    let (status, stdout, stderr) = run(
        &["solve", damaged.to_str().unwrap(), sample.to_str().unwrap()],
        "",
    );
    assert_eq!(status, 2);
    assert!(stdout.ends_with(&expected), "{stdout}");
    assert!(stderr.contains("damaged.gz"), "{stderr}");
}

/// Text in UTF-16 with a byte-order mark: what Windows PowerShell 5's `>` writes, and Excel's
/// "Unicode Text" (tab-separated). Encoded by hand here, little- and big-endian.
fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let units = std::iter::once(0xfeff).chain(text.encode_utf16());
    units
        .flat_map(|unit| match big_endian {
            true => unit.to_be_bytes(),
            false => unit.to_le_bytes(),
        })
        .collect()
}

#[test]
fn utf16_input_is_read_by_its_byte_order_mark_from_files_and_stdin() {
    use std::io::Write;
    let text = std::fs::read_to_string(common::puzzle_path("sample.txt")).unwrap();
    // A bad line too: its message names the same line and column as in UTF-8.
    let text = format!("{text}12x.\n");
    let expected = run(&["solve"], &text);
    assert_eq!(expected.0, 2);
    let folder = tempfile::tempdir().unwrap();
    for big_endian in [false, true] {
        let bytes = utf16(&text, big_endian);
        assert_eq!(common::run_bytes(&["solve"], &bytes), expected);
        let path = folder.path().join("puzzles.txt");
        std::fs::write(&path, &bytes).unwrap();
        let (status, stdout, stderr) = run(&["solve", path.to_str().unwrap()], "");
        assert_eq!(status, 2);
        assert_eq!(stdout, expected.1);
        assert_eq!(
            stderr,
            expected.2.replace("<stdin>", path.to_str().unwrap())
        );
        // Compressed too.
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gzip.write_all(&bytes).unwrap();
        assert_eq!(
            common::run_bytes(&["solve"], &gzip.finish().unwrap()),
            expected
        );
    }
    // Excel's "Unicode Text": UTF-16, tab-separated, read with --csv.
    let puzzle = text.lines().find(|line| line.len() == 81).unwrap();
    let sheet = utf16(&format!("note\tpuzzle\r\nfirst\t{puzzle}\r\n"), false);
    let (status, stdout, stderr) = common::run_bytes(&["solve", "--csv"], &sheet);
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert_eq!(stdout, run(&["solve"], puzzle).1);
}

/// Sends `signal` to `child`, as `kill` would.
#[cfg(unix)]
fn send(signal: rustix::process::Signal, child: &std::process::Child) {
    let pid = rustix::process::Pid::from_child(child);
    rustix::process::kill_process(pid, signal).unwrap();
}

/// A signal stops `check` in the middle of a long search (whether a candidate state's
/// eliminations leave it a solution), as it stops the other subcommands: the search is the
/// workers', and the thread that prints is free to end the run. `--timeout` cuts it short.
#[cfg(unix)]
#[test]
fn a_long_search_in_check_ends_at_a_signal_or_its_timeout() {
    let grid = common::puzzle_path("half_filled_36x36.txt");
    let (status, state, _) = run(
        &["candidates", "-f", "candidates", grid.to_str().unwrap()],
        "",
    );
    assert_eq!(status, 0);
    let folder = tempfile::tempdir().unwrap();
    let input = folder.path().join("state.txt");
    std::fs::write(&input, state).unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["check", input.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the search takes longer"
    );
    send(rustix::process::Signal::TERM, &child);
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() && started.elapsed().as_secs() < 10 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(143),
        "ended by the signal, not killed"
    );
    let input = input.to_str().unwrap();
    let (status, stdout, stderr) = run(&["check", "--timeout", "300ms", input], "");
    assert_eq!((status, stdout.as_str()), (3, "error: timeout\n"));
    assert!(stderr.contains("timed out after 300ms"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_run_with_every_answer_whole_and_status_130() {
    use std::io::Read;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["rate", "-j", "1"])
        .arg(common::puzzle_path("hardest_1106.txt"))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    // Wait for the first answer, so that the run is well under way.
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).unwrap();
    send(rustix::process::Signal::INT, &child);
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let text = String::from_utf8([&first[..], &rest].concat()).unwrap();
    assert!(text.ends_with('\n'), "a half line: {text:?}");
    for line in text.lines() {
        assert_eq!(line.split_whitespace().count(), 3, "{line}");
    }
    // It stopped early: the file has 375 puzzles.
    assert!(text.lines().count() < 375);
}

/// SIGTERM (`kill`) stops a run as Ctrl-C does: the answers so far whole, an output file
/// left as it was (its temporary file removed), the status 128 + 15.
#[cfg(unix)]
#[test]
fn sigterm_ends_a_run_as_ctrl_c_does_and_leaves_no_temporary_file() {
    let folder = tempfile::tempdir().unwrap();
    let (input, target) = (
        easy_then_endless(folder.path()),
        folder.path().join("out.txt"),
    );
    std::fs::write(&target, "before\n").unwrap();
    let mut child = endless_count(&input, &target);
    // The temporary output file beside the target shows the run is under way.
    let started = std::time::Instant::now();
    while std::fs::read_dir(folder.path()).unwrap().count() < 3 {
        assert!(started.elapsed().as_secs() < 60, "no temporary file");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    send(rustix::process::Signal::TERM, &child);
    assert_eq!(child.wait().unwrap().code(), Some(143));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "before\n");
    let left: Vec<_> = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
}

/// An answer is printed as soon as it is done even when the input has more ready: a slow
/// puzzle after it in the same file does not hold it back (chunks of work are sized by how
/// long the items take), and Ctrl-C during the slow one keeps it, and still gives the summary
/// --stats asks for.
#[cfg(unix)]
#[test]
fn an_answer_before_a_slow_puzzle_comes_at_once_and_outlives_ctrl_c() {
    use std::io::{BufRead, BufReader, Read};
    let folder = tempfile::tempdir().unwrap();
    let input = easy_then_endless(folder.path());
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["count", "-j", "1", "--stats", "--limit", "1000000000000"])
        .arg(&input)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (sender, receiver) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        let _ = sender.send(first);
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        rest
    });
    let first = receiver.recv_timeout(std::time::Duration::from_secs(60));
    send(rustix::process::Signal::INT, &child);
    assert_eq!(
        first.as_deref(),
        Ok("1\n"),
        "the first answer, before the slow one ends"
    );
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    assert_eq!(reader.join().unwrap(), "", "nothing of the slow one");
    assert!(
        stderr.starts_with("sudoku: interrupted after 1 puzzle: 1 counted, 0 without solution"),
        "{stderr}"
    );
}

#[test]
fn color_is_used_when_asked_and_never_into_a_pipe_by_default() {
    let easy = format!("{}\n", common::EASY);
    let (_, hint, _) = run(&["hint", "--color", "always"], &easy);
    assert_eq!(hint, "naked single: \u{1b}[1m\u{1b}[32mr5c5 = 5\u{1b}[0m\n");
    let (_, _, stderr) = run(&["solve", "--color", "always"], "123\n");
    assert!(
        stderr.starts_with("\u{1b}[1msudoku:\u{1b}[0m \u{1b}[31m<stdin>:1:"),
        "{stderr:?}"
    );
    for args in [
        &["hint"][..],
        &["hint", "--color", "never"],
        &["hint", "--color", "auto"],
    ] {
        let (_, hint, _) = run(args, &easy);
        assert_eq!(hint, "naked single: r5c5 = 5\n", "{args:?}");
        let mut all = args.to_vec();
        all[0] = "solve";
        let (_, _, stderr) = run(&all, "123\n");
        assert!(!stderr.contains('\u{1b}'), "{args:?}: {stderr:?}");
    }
}

#[test]
fn every_subcommand_shows_the_puzzle_before_each_answer_as_solve_does() {
    // Each line `PUZZLE ANSWER`, failures included, so that a pipeline keeps the puzzles it
    // wants by their answer; JSON holds the puzzle anyway and is left as it is.
    let empty = ".".repeat(81);
    let input = format!("{EASY}\n123\n{empty}\n");
    let lines = |args: &[&str]| -> Vec<String> {
        let plain: Vec<String> = run(args, &input).1.lines().map(String::from).collect();
        let shown = run(&[args, &["--show", "puzzle"]].concat(), &input).1;
        let shown: Vec<String> = shown.lines().map(String::from).collect();
        let puzzles = [EASY, "123", &empty];
        assert_eq!(shown.len(), puzzles.len(), "{args:?}");
        for ((shown, plain), puzzle) in shown.iter().zip(&plain).zip(puzzles) {
            assert_eq!(*shown, format!("{puzzle} {plain}"), "{args:?}");
        }
        plain
    };
    assert_eq!(lines(&["count"]), ["1", "error: invalid puzzle", "1000+"]);
    let rated = lines(&["rate"]);
    assert_eq!(rated[1..], ["error: invalid puzzle", "error: not unique"]);
    assert!(lines(&["rate", "--techniques"])[0].contains("naked single"));
    assert_eq!(lines(&["check"]), ["ok", "error: invalid puzzle", "ok"]);
    let hinted = lines(&["hint"]);
    assert_eq!(hinted[0], "naked single: r5c5 = 5");
    assert_eq!(lines(&["fill"])[..2], [SOLUTION, "error: invalid puzzle"]);
    assert_eq!(lines(&["fill", "-f", "candidates"])[0].len(), 729);
    assert_eq!(
        lines(&["candidates", "-f", "candidates"])[1],
        "error: invalid puzzle"
    );
    // A block starts with the puzzle, on a line of its own.
    for args in [&["explain"][..], &["candidates"], &["fill", "-f", "grid"]] {
        let (_, plain, _) = run(args, &input);
        let (_, shown, _) = run(&[args, &["--show", "puzzle"]].concat(), &input);
        let blocks: Vec<&str> = shown.split_terminator("\n\n").collect();
        assert_eq!(blocks.len(), 3, "{args:?}: {shown}");
        for ((block, plain), puzzle) in blocks
            .iter()
            .zip(plain.split_terminator("\n\n"))
            .zip([EASY, "123", &empty])
        {
            assert_eq!(*block, format!("{puzzle}\n{plain}"), "{args:?}");
        }
    }
    let json = |args: &[&str]| run(&[args, &["-f", "json"]].concat(), &input).1;
    for command in [
        "count",
        "rate",
        "check",
        "candidates",
        "hint",
        "explain",
        "fill",
    ] {
        assert_eq!(
            json(&[command, "--show", "puzzle"]),
            json(&[command]),
            "{command}"
        );
    }
}

#[test]
fn a_record_refused_over_several_lines_is_shown_on_one() {
    // A JSON object cut short by the next one: its text spans two lines, its answer does not.
    let input = format!("{{\"puzzle\": \"{EASY}\"}}\n{{\n{{\"puzzle\": \"{EASY}\"}}\n");
    for command in ["solve", "count", "check", "hint", "rate", "fill"] {
        let (status, shown, _) = run(&[command, "--show", "puzzle"], &input);
        assert_eq!(status, 2, "{command}");
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines.len(), 3, "{command}: {shown:?}");
        assert_eq!(lines[1], "{ error: invalid puzzle", "{command}");
    }
    let (_, shown, _) = run(&["explain", "--show", "puzzle"], &input);
    assert_eq!(
        shown.split_terminator("\n\n").nth(1),
        Some("{\nerror: invalid puzzle")
    );
}

#[test]
fn solve_shows_a_candidate_state_beside_its_solution_as_a_grid_of_its_filled_cells() {
    // A 9x9 state on one line and a 6x6 grid of pencil marks: each block is the state's
    // filled cells on the left and the solution, as `solve -f grid` prints it, on the right.
    let six = run(&["candidates"], ".3....54..6.....52...4.....1..16..3.\n").1;
    let nine = run(&["candidates", "-f", "candidates"], &format!("{EASY}\n")).1;
    let nine_filled = "5 3 . | . 7 . | . . .";
    for (state, filled) in [(six.as_str(), ". 3 . | . . ."), (&nine, nine_filled)] {
        let (status, plain, _) = run(&["solve", "-f", "grid"], state);
        let (_, shown, _) = run(&["solve", "-f", "grid", "--show", "puzzle"], state);
        assert_eq!(status, 0);
        assert_eq!(shown.lines().count(), plain.lines().count(), "{shown}");
        assert!(shown.starts_with(&format!("{filled}    ")), "{shown}");
        for (shown, plain) in shown.lines().zip(plain.lines()) {
            assert!(shown.ends_with(plain), "{shown:?} {plain:?}");
            assert_eq!(shown.is_empty(), plain.is_empty());
        }
    }
}

/// Whether `text` is a time as `--timer` prints it: milliseconds to the microsecond, ` ms`.
fn is_time(text: &str) -> bool {
    let ms = text
        .strip_suffix(" ms")
        .unwrap_or_else(|| panic!("{text:?}"));
    ms.parse::<f64>().unwrap() >= 0.0 && ms.split_once('.').unwrap().1.len() == 3
}

/// Asserts that `timed` has two lines, each the line of `plain` at its place, a tab and a time.
fn assert_lines_timed(plain: &str, timed: &str, args: &[&str]) {
    assert_eq!(timed.lines().count(), 2, "{args:?}: {timed}");
    for (timed, plain) in timed.lines().zip(plain.lines()) {
        let (answer, time) = timed.split_once('\t').unwrap();
        assert_eq!(answer, plain, "{args:?}");
        assert!(is_time(time), "{args:?}: {timed}");
    }
}

/// Asserts that `timed` has two blocks, each the block of `plain` at its place, then a line
/// `time: ...` before the blank line.
fn assert_blocks_timed(plain: &str, timed: &str, args: &[&str]) {
    let blocks: Vec<&str> = timed.split_terminator("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{args:?}: {timed}");
    for (block, plain) in blocks.iter().zip(plain.split_terminator("\n\n")) {
        let (answer, time) = block.rsplit_once("\ntime: ").unwrap();
        assert_eq!(answer, plain, "{args:?}");
        assert!(is_time(time), "{args:?}: {block}");
    }
}

#[test]
fn count_times_each_puzzle_as_solve_does() {
    let input = format!("{EASY}\n123\n");
    let (status, timed, _) = run(&["count", "--timer", "--show", "puzzle"], &input);
    assert_eq!(status, 2);
    let lines: Vec<&str> = timed.lines().collect();
    assert_eq!(lines.len(), 2, "{timed}");
    for (line, answer) in lines
        .iter()
        .zip([format!("{EASY} 1"), "123 error: invalid puzzle".into()])
    {
        let (before, time) = line.split_once('\t').unwrap();
        assert_eq!(before, answer);
        assert!(is_time(time), "{line}");
    }
    let (_, json, _) = run(&["count", "-f", "json", "--timer"], &input);
    for line in json.lines() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(object["micros"].as_f64().unwrap() >= 0.0, "{line}");
    }
    let (_, csv, _) = run(&["count", "-f", "csv", "--timer"], &input);
    let header = csv.lines().next().unwrap();
    assert!(header.ends_with(",unique,micros,error"), "{header}");
    let untimed = run(&["count", "-f", "json"], &input).1 + &run(&["count"], &input).1;
    assert!(
        !untimed.contains("micros") && !untimed.contains(" ms"),
        "{untimed}"
    );
}

#[test]
fn generate_times_each_puzzle_as_solve_does() {
    // Puzzles made, and puzzles that could not be made within one attempt.
    for made in [&[][..], &["--clues", "17", "--attempts", "1"]] {
        let args = [&["generate", "--seed", "3", "-n", "2"], made].concat();
        let (plain_status, plain, _) = run(&args, "");
        let (status, timed, _) = run(&[&args[..], &["--timer"]].concat(), "");
        assert_eq!(status, plain_status);
        assert_lines_timed(&plain, &timed, &args);
        let grid = [&args[..], &["-f", "grid"]].concat();
        let (_, plain, _) = run(&grid, "");
        let (_, timed, _) = run(&[&grid[..], &["--timer"]].concat(), "");
        assert_blocks_timed(&plain, &timed, &grid);
        let json = [&args[..], &["-f", "json", "--timer"]].concat();
        for line in run(&json, "").1.lines() {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(object["micros"].as_f64().unwrap() >= 0.0, "{line}");
        }
        let (_, csv, _) = run(&[&args[..], &["-f", "csv", "--timer"]].concat(), "");
        let header = csv.lines().next().unwrap();
        assert!(header.ends_with(",solution,micros,error"), "{header}");
        assert_eq!(
            csv_rows(&csv).len(),
            3,
            "a row of as many fields for each: {csv}"
        );
        let untimed = run(&[&args[..], &["-f", "csv"]].concat(), "").1;
        assert!(!untimed.contains("micros"), "{untimed}");
    }
}

#[test]
fn the_logic_commands_check_and_candidates_time_each_answer_as_solve_does() {
    let input = format!("{EASY}\n123\n");
    // A line format: each answer's line (failures included) as without --timer, then the time.
    for args in [
        &["hint"][..],
        &["rate"],
        &["rate", "--techniques"],
        &["fill"],
        &["fill", "-f", "candidates"],
        &["candidates", "-f", "candidates"],
        &["check"],
    ] {
        let (_, plain, _) = run(args, &input);
        let (status, timed, _) = run(&[args, &["--timer"]].concat(), &input);
        assert_eq!(status, 2, "{args:?}");
        assert_lines_timed(&plain, &timed, args);
    }
    // check against a solutions file too: a grid it solves, and one it does not.
    let folder = tempfile::tempdir().unwrap();
    let (puzzles, solutions) = (folder.path().join("p.txt"), folder.path().join("s.txt"));
    std::fs::write(&puzzles, format!("{EASY}\n{EASY}\n")).unwrap();
    std::fs::write(&solutions, format!("{SOLUTION}\n{EASY}\n")).unwrap();
    let text = |path: &std::path::Path| path.to_str().unwrap().to_string();
    let (puzzles, solutions) = (text(&puzzles), text(&solutions));
    let args = ["check", &puzzles, "--solution", &solutions];
    let (_, plain, _) = run(&args, "");
    let (status, timed, _) = run(&[&args[..], &["--timer"]].concat(), "");
    assert_eq!((status, plain.as_str()), (1, "ok\nfail\n"));
    assert_lines_timed(&plain, &timed, &args);
    // A block: its lines as without --timer, then `time: ...` before the blank line.
    for args in [
        &["explain"][..],
        &["fill", "-f", "grid"],
        &["solve", "-f", "grid"],
        &["candidates"],
    ] {
        let (_, plain, _) = run(args, &input);
        let (_, timed, _) = run(&[args, &["--timer"]].concat(), &input);
        assert_blocks_timed(&plain, &timed, args);
    }
    // JSON and CSV: micros, for failures too; nothing without --timer.
    for command in ["hint", "explain", "rate", "fill", "candidates", "check"] {
        let (_, json, _) = run(&[command, "-f", "json", "--timer"], &input);
        for line in json.lines() {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(
                object["micros"].as_f64().unwrap() >= 0.0,
                "{command}: {line}"
            );
            // Last, answers and failures alike, where solve and count put it.
            let (_, time) = line.rsplit_once(",\"micros\":").unwrap();
            let time = time.strip_suffix('}').unwrap();
            assert!(time.parse::<f64>().is_ok(), "{command}: {line}");
        }
        let (_, csv, _) = run(&[command, "-f", "csv", "--timer"], &input);
        assert!(
            csv.lines().next().unwrap().ends_with(",micros,error"),
            "{command}"
        );
        let untimed =
            run(&[command, "-f", "json"], &input).1 + &run(&[command, "-f", "csv"], &input).1;
        assert!(!untimed.contains("micros"), "{command}");
    }
}

#[test]
fn qqwing_options_show_the_puzzle_the_time_and_the_search() {
    let hard = common::puzzles("hardest_1106.txt")[0].to_string();
    let input = format!("{}\n{hard}\n", common::EASY);
    // The puzzle before its solution, on one line that `check` reads back as a pair.
    let (status, shown, _) = run(&["solve", "--show", "puzzle"], &input);
    assert_eq!(status, 0);
    let first = shown.lines().next().unwrap();
    assert_eq!(first, format!("{} {}", common::EASY, common::SOLUTION));
    let (status, checked, _) = run(&["check"], &shown);
    assert_eq!((status, checked.as_str()), (0, "ok\nok\n"));
    // The time after a tab, in every format.
    let (_, timed, _) = run(&["solve", "--timer"], &input);
    for line in timed.lines() {
        let (solution, time) = line.split_once('\t').unwrap();
        assert_eq!(solution.len(), 81);
        assert!(time.ends_with(" ms") && time[..time.len() - 3].parse::<f64>().is_ok());
    }
    let (_, grids, _) = run(&["solve", "--timer", "-f", "grid"], &input);
    assert_eq!(grids.lines().filter(|l| l.starts_with("time: ")).count(), 2);
    // Per puzzle in JSON: the search's guesses, backtracks and nodes, and the time.
    let (_, json, _) = run(&["solve", "-f", "json", "--stats", "--timer"], &input);
    let objects: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects[0]["guesses"], 0, "singles solve the easy one");
    assert!(objects[1]["guesses"].as_u64().unwrap() > 0);
    let figure = |name: &str| objects[1][name].as_u64().unwrap();
    // Each guess and the position it leaves on backing out are nodes, and so is the puzzle;
    // a backtrack is a node that contradicts itself.
    assert!(figure("nodes") > figure("guesses"));
    assert!(figure("nodes") > figure("backtracks"));
    // Figures under a time budget too.
    let (_, json, _) = run(
        &["solve", "-f", "json", "--stats", "--timeout", "5s"],
        &input,
    );
    assert!(
        json.lines()
            .nth(1)
            .unwrap()
            .contains(&format!("\"nodes\":{}", figure("nodes")))
    );
    assert_eq!(objects[0]["nodes"], 1);
    assert!(objects[1]["micros"].as_f64().unwrap() > 0.0);
    // Whole nanoseconds: no binary noise in the last digits (39.419000000000004 once).
    let (_, timed, _) = run(&["solve", "-f", "json", "--timer"], &input);
    for line in timed.lines() {
        let micros = line.split("\"micros\":").nth(1).unwrap();
        let number = micros.trim_end_matches('}');
        let decimals = number
            .split_once('.')
            .map_or(0, |(_, decimals)| decimals.len());
        assert!(decimals <= 3, "{line}");
    }
    let (_, plain, _) = run(&["solve", "-f", "json"], &input);
    assert!(!plain.contains("guesses") && !plain.contains("micros"));
    // count the same: proving the solution alone takes at least the guesses that found it,
    // with or without a budget, at every size.
    for budget in [&[][..], &["--timeout", "5s"]] {
        let args = [&["count", "-f", "json", "--stats"], budget].concat();
        let (_, json, _) = run(&args, &format!("{input}..1..2.34.......\n"));
        let counted: Vec<serde_json::Value> = json
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(counted[0]["nodes"], 1, "{json}");
        assert!(counted[1]["guesses"].as_u64().unwrap() >= figure("guesses"));
        assert!(counted[1]["nodes"].as_u64().unwrap() > counted[1]["backtracks"].as_u64().unwrap());
        assert_eq!(counted[2]["nodes"], 1, "{json}");
    }
    let (_, plain, _) = run(&["count", "-f", "json"], &input);
    assert!(!plain.contains("guesses"));
}

#[test]
fn rate_can_count_the_techniques_in_its_text_format() {
    let sample = common::puzzle_path("sample.txt");
    let sample = sample.to_str().unwrap();
    let (_, text, _) = run(&["rate", "--techniques", sample], "");
    let (_, json, _) = run(&["rate", "-f", "json", sample], "");
    for (line, object) in text.lines().zip(json.lines()) {
        let object: serde_json::Value = serde_json::from_str(object).unwrap();
        let fields: Vec<&str> = line.splitn(4, ' ').collect();
        assert_eq!(fields[1], object["level"], "{line}");
        for count in fields[3].split(", ") {
            let (name, n) = count.rsplit_once(' ').unwrap();
            assert_eq!(object["techniques"][name].to_string(), n, "{line}");
        }
        assert_eq!(
            fields[3].split(", ").count(),
            object["techniques"].as_object().unwrap().len()
        );
    }
}

/// The rows of a CSV text, header first.
fn csv_rows(text: &str) -> Vec<csv::StringRecord> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|row| row.unwrap())
        .collect()
}

/// The dialect column of the first rated row of `rate -f csv` output.
fn rows_dialect(csv: &str) -> String {
    let rows = csv_rows(csv);
    let column = rows[0].iter().position(|name| name == "dialect").unwrap();
    let rated = rows[1..].iter().find(|row| &row[3] == "ok").unwrap();
    rated[column].to_string()
}

#[test]
fn csv_gives_a_header_and_one_quoted_row_per_record() {
    // A record whose text holds a comma and a quote must come back whole.
    let input = format!("{}\n1,2 \"x\"\n{}\n", common::EASY, common::SOLUTION);
    for (command, columns) in [
        (
            "solve",
            vec!["source", "line", "puzzle", "status", "solution", "error"],
        ),
        (
            "count",
            vec![
                "source",
                "line",
                "puzzle",
                "status",
                "count",
                "limit_reached",
                "unique",
                "error",
            ],
        ),
        (
            "check",
            vec![
                "source", "line", "grid", "status", "kind", "valid", "faults", "error",
            ],
        ),
        (
            "fill",
            vec![
                "source",
                "line",
                "puzzle",
                "status",
                "grid",
                "candidates",
                "error",
            ],
        ),
        (
            "candidates",
            vec!["source", "line", "puzzle", "status", "candidates", "error"],
        ),
        (
            "rate",
            vec![
                "source",
                "line",
                "puzzle",
                "status",
                "rating",
                "ep",
                "ed",
                "level",
                "score",
                "techniques",
                "dialect",
                "error",
            ],
        ),
        (
            "hint",
            vec![
                "source", "line", "puzzle", "status", "solved", "rating", "level", "score",
                "steps", "end", "dialect", "error",
            ],
        ),
        (
            "explain",
            vec![
                "source", "line", "puzzle", "status", "solved", "rating", "level", "score",
                "steps", "end", "dialect", "error",
            ],
        ),
    ] {
        let (_, stdout, _) = run(&[command, "-f", "csv"], &input);
        let rows = csv_rows(&stdout);
        assert_eq!(rows.len(), 4, "{command}: {stdout}");
        assert_eq!(rows[0].iter().collect::<Vec<_>>(), columns, "{command}");
        assert_eq!(&rows[2][1], "2", "{command}");
        assert_eq!(&rows[2][2], "1,2 \"x\"", "{command}");
        assert_eq!(&rows[2][3], "invalid", "{command}");
        assert!(
            rows.iter().all(|row| row.len() == columns.len()),
            "{command}"
        );
    }
    // A rated row says how it was rated, as the JSON and `sudoku --version` do.
    let (_, stdout, _) = run(&["rate", "-f", "csv"], &input);
    let (_, version, _) = run(&["--version"], "");
    let dialect = rows_dialect(&stdout);
    assert!(
        dialect.starts_with("rating: Sudoku Explainer's scale"),
        "{dialect}"
    );
    assert!(version.contains(&dialect), "{version}");
    let (_, stdout, _) = run(&["solve", "-f", "csv"], &input);
    assert_eq!(&csv_rows(&stdout)[1][4], common::SOLUTION);
    // fill's columns are the same as its JSON's.
    let (_, stdout, _) = run(&["fill", "-f", "csv"], &input);
    let (_, json, _) = run(&["fill", "-f", "json"], &input);
    let filled: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let rows = csv_rows(&stdout);
    assert_eq!(rows[1][4], filled["grid"], "{stdout}");
    assert_eq!(rows[1][5], filled["candidates"], "{stdout}");
    // explain's steps are its JSON's step texts, one per line of the field.
    let (_, stdout, _) = run(&["explain", "-f", "csv"], &input);
    let (_, json, _) = run(&["explain", "-f", "json"], &input);
    let explained: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let texts: Vec<&str> = explained["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|step| step["text"].as_str().unwrap())
        .collect();
    let rows = csv_rows(&stdout);
    assert!(texts.len() > 1, "{json}");
    assert_eq!(rows[1][8].lines().collect::<Vec<_>>(), texts, "{stdout}");
    assert_eq!(rows[1][9], explained["end"], "{stdout}");
    assert_eq!(&rows[1][4], "true");
    assert_eq!(rows[1][6], explained["level"], "{stdout}");
    // A grid already solved is explained by no step, at level `solved`.
    let (_, stdout, _) = run(&["hint", "-f", "csv"], &input);
    let rows = csv_rows(&stdout);
    assert_eq!(&rows[3][8], "", "{stdout}");
    assert_eq!(&rows[3][6], "solved", "{stdout}");
    let (_, stdout, _) = run(&["generate", "-n", "3", "--seed", "7", "-f", "csv"], "");
    let rows = csv_rows(&stdout);
    assert_eq!(rows.len(), 4);
    assert_eq!(&rows[0][0], "seed");
    assert!(
        rows[1..]
            .iter()
            .all(|row| &row[0] == "7" && &row[2] == "ok")
    );
}

#[test]
fn csv_has_the_columns_that_stats_and_timer_add_to_json() {
    let hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let input = format!("{hard}\n123\n");
    for (args, added) in [
        (
            &["solve", "--stats", "--timer"][..],
            &["guesses", "backtracks", "nodes", "micros"][..],
        ),
        (&["solve", "--timer"], &["micros"]),
        (&["count", "--stats"], &["guesses", "backtracks", "nodes"]),
        (&["check", "--timer"], &["micros"]),
        (&["candidates", "--timer"], &["micros"]),
        (&["fill", "--timer"], &["micros"]),
        (&["hint", "--timer"], &["micros"]),
    ] {
        let (_, csv, _) = run(&[args, &["-f", "csv"]].concat(), &input);
        let (_, json, _) = run(&[args, &["-f", "json"]].concat(), &input);
        let rows = csv_rows(&csv);
        let header: Vec<&str> = rows[0].iter().collect();
        // The added columns come just before the error, which stays last.
        let at = header.len() - 1 - added.len();
        assert_eq!(&header[at..header.len() - 1], added, "{args:?}: {csv}");
        assert_eq!(header.last(), Some(&"error"), "{args:?}");
        assert_eq!(rows.len(), 3, "{args:?}: {csv}");
        for (row, line) in rows[1..].iter().zip(json.lines()) {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            for (column, name) in added.iter().enumerate() {
                let cell: f64 = row[at + column].parse().unwrap();
                let field = object[name].as_f64().unwrap();
                // The search's figures are the same; times are two runs' own.
                if *name != "micros" {
                    assert_eq!(cell, field, "{args:?} {name}: {csv}\n{json}");
                }
            }
        }
        // The hard puzzle takes the search more than one node.
        if added.contains(&"nodes") {
            assert!(rows[1][at + 2].parse::<u64>().unwrap() > 1, "{csv}");
        }
    }
    // Without them, the columns are as before.
    let (_, csv, _) = run(&["solve", "-f", "csv"], &input);
    assert_eq!(
        csv_rows(&csv)[0].iter().collect::<Vec<_>>(),
        ["source", "line", "puzzle", "status", "solution", "error"]
    );
}

#[test]
fn csv_input_takes_the_puzzle_from_a_column() {
    let easy = common::EASY;
    let input = format!("id,puzzle,note\n1,{easy},\"easy, very\"\n2,bad,x\n3,\"{easy}\",q\n");
    for args in [&["solve", "--column", "puzzle"][..], &["solve", "--csv"]] {
        let (status, stdout, stderr) = run(args, &input);
        assert_eq!(status, 2, "{args:?}");
        let expected = format!(
            "{}\nerror: invalid puzzle\n{}\n",
            common::SOLUTION,
            common::SOLUTION
        );
        assert_eq!(stdout, expected, "{args:?}");
        // Rows are located by their line in the file.
        assert!(stderr.starts_with("sudoku: <stdin>:3: "), "{stderr}");
    }
    let (status, stdout, stderr) = run(&["count", "--column", "nope"], &input);
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(stderr.contains("no column \"nope\""), "{stderr}");

    // Bytes that are not UTF-8: in the puzzle's field the row is refused with an answer of its
    // own; in another field (Latin-1 text, say) they do not matter.
    let mut input = format!("id,note,puzzle\n1,a,{easy}\n2,a,").into_bytes();
    input.extend_from_slice(b"\xff\xfe\n3,caf\xe9,");
    input.extend_from_slice(format!("{easy}\n").as_bytes());
    let (status, stdout, stderr) = common::run_bytes(&["solve", "--csv"], &input);
    assert_eq!(status, 2, "{stderr}");
    let expected = format!(
        "{}\nerror: invalid puzzle\n{}\n",
        common::SOLUTION,
        common::SOLUTION
    );
    assert_eq!(stdout, expected);
    assert!(
        stderr.starts_with("sudoku: <stdin>:3: invalid byte \\xff at column 1"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// CSV whose fields are split by `;` (as spreadsheets write it where `,` is the decimal mark),
/// by tabs or by `|`: the header row tells which, and --delimiter says it outright.
#[test]
fn csv_input_takes_the_delimiter_its_header_row_uses() {
    let easy = common::EASY;
    let solution = common::SOLUTION;
    for delimiter in [";", "\t", "|", ","] {
        // Notes that hold every delimiter, quoted.
        let input = format!(
            "id{delimiter}puzzle{delimiter}note\n\
             1{delimiter}{easy}{delimiter}\"a,b;c\td|e\"\n\
             2{delimiter}12345678912345678912{delimiter}\"x;y,z\"\n"
        );
        for args in [
            &["solve", "--column", "puzzle"][..],
            &["solve", "--csv"],
            &["solve", "--csv", "--delimiter", delimiter],
        ] {
            let (status, stdout, stderr) = run(args, &input);
            assert_eq!(status, 2, "{delimiter:?} {args:?}: {stderr}");
            assert_eq!(
                stdout,
                format!("{solution}\nerror: invalid puzzle\n"),
                "{delimiter:?} {args:?}: {stderr}"
            );
            assert!(
                stderr.starts_with("sudoku: <stdin>:3: found 20 cells"),
                "{delimiter:?} {args:?}: {stderr}"
            );
        }
    }
    // Told outright, the delimiter wins over the header's; `tab` names a tab.
    let input = format!("a;b\tpuzzle\n1;2\t{easy}\n");
    let (_, stdout, stderr) = run(
        &["solve", "--delimiter", "tab", "--column", "puzzle"],
        &input,
    );
    assert_eq!(stdout, format!("{solution}\n"), "{stderr}");
    let (status, _, stderr) = run(&["solve", "--delimiter", "ab"], "");
    assert_eq!(status, 2);
    assert!(stderr.contains("one ASCII character"), "{stderr}");
}

/// CSV whose header row names a column of puzzles is read as CSV without `--csv`: what `-f
/// csv` prints, and the collections published so (`quizzes,solutions`, zeros for blanks).
#[test]
fn csv_with_a_header_naming_its_puzzles_is_read_without_being_told() {
    let (easy, solution) = (common::EASY, common::SOLUTION);
    let zeros = easy.replace('.', "0");
    let published = format!("quizzes,solutions\n{zeros},{solution}\n");
    let (status, stdout, stderr) = run(&["solve"], &published);
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert_eq!(stdout, format!("{solution}\n"));
    // Every subcommand's CSV reads back, as with --csv; one answer a row.
    let sample = std::fs::read_to_string(common::puzzle_path("sample.txt")).unwrap();
    for command in common::READING_COMMANDS {
        let (_, csv, _) = run(&[command, "-f", "csv"], &sample);
        let (status, told, _) = run(&["solve", "--csv"], &csv);
        assert_eq!(status, 0, "{command}");
        let (status, untold, stderr) = run(&["solve"], &csv);
        assert_eq!((status, stderr.as_str()), (0, ""), "{command}");
        assert_eq!(untold, told, "{command}");
        assert_eq!(untold.lines().count(), 4, "{command}");
    }
    // A title with a comma is no header: it is answered as a line of text, as before.
    let (status, stdout, _) = run(&["solve"], &format!("Puzzle 1, easy\n{easy}\n"));
    assert_eq!(
        (status, stdout),
        (2, format!("error: invalid puzzle\n{solution}\n"))
    );
}

#[test]
fn csv_rows_are_located_by_their_line_whatever_ends_the_lines() {
    // A blank line, a field over two lines, then a row to locate, under every line end (the
    // csv crate alone counts a CRLF late, a lone CR not at all, and puts a row after a blank
    // line on the blank one).
    let easy = common::EASY;
    for end in ["\n", "\r\n", "\r"] {
        let input =
            format!("id,puzzle{end}1,{easy}{end}{end}2,bad{end}3,\"x{end}y\"{end}4,{easy}{end}");
        let (_, stdout, stderr) = run(&["solve", "--csv", "-f", "json"], &input);
        let lines: Vec<u64> = stdout
            .lines()
            .map(|line| {
                serde_json::from_str::<serde_json::Value>(line).unwrap()["line"]
                    .as_u64()
                    .unwrap()
            })
            .collect();
        assert_eq!(lines, [2, 4, 5, 7], "{end:?}: {stdout}");
        assert!(
            stderr.starts_with("sudoku: <stdin>:4: invalid character 'b'"),
            "{end:?}: {stderr}"
        );
    }
}

#[test]
fn a_time_budget_gives_the_slow_puzzles_a_timeout_and_the_others_their_answer() {
    let empty = ".".repeat(81);
    let input = format!("{}\n{empty}\n{}\n", common::EASY, common::EASY);
    // Counting every solution of the empty grid would take years: the budget ends it.
    let started = std::time::Instant::now();
    let args = ["count", "--limit", "0", "--timeout", "300ms", "-f", "json"];
    let (status, stdout, stderr) = run(&args, &input);
    let took = started.elapsed();
    assert_eq!(status, 3, "{stderr}");
    let statuses: Vec<String> = stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["status"].to_string())
        .collect();
    assert_eq!(statuses, ["\"ok\"", "\"timeout\"", "\"ok\""]);
    assert!(stderr.contains(":2: timed out after 300ms"), "{stderr}");
    assert!(took < std::time::Duration::from_secs(3), "{took:?}");
    // The summary counts it as timed out, not as a puzzle without solution.
    let (_, _, stderr) = run(&[&args[..], &["--stats"]].concat(), &input);
    let summary = "sudoku: 3 puzzles: 2 counted, 0 without solution or not unique, 1 timed out;";
    assert!(stderr.contains(summary), "{stderr}");
    // A billion solutions asked for: the budget still holds.
    let (status, stdout, _) = run(&["count", "-l", "1000000000", "--timeout", "200ms"], &input);
    assert_eq!((status, stdout.lines().nth(1)), (3, Some("error: timeout")));
    // Logic gives up between two steps, and within one: hint takes one step, here after every
    // technique has searched in vain (3 ms on the release build), so the searches must look at
    // the clock. The rest of the input is still answered. Each budget is far below what the
    // hard puzzles need (release build, 2026-11-29: rate 0.74 s on the first, explain 110 ms on
    // the slowest of the first 300 to explain; the first took 21 ms, too near a budget) and far
    // above the easy one's (rating it all, with its three scores, took over 1 ms once on a
    // loaded machine).
    let hardest = common::puzzles("hardest_1106.txt");
    let (hard, slowest) = (hardest[0].to_string(), hardest[118].to_string());
    let no_technique = common::puzzles("hardest_1905_1000.txt")[0].to_string();
    let commands = [
        ("rate", &hard, "100ms"),
        ("explain", &slowest, "20ms"),
        ("hint", &no_technique, "1ms"),
    ];
    for (command, hard, budget) in commands {
        let input = format!("{hard}\n{}\n", common::EASY);
        let (status, stdout, _) = run(&[command, "--timeout", budget, "-f", "json"], &input);
        let objects: Vec<serde_json::Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(objects[0]["status"], "timeout", "{command}");
        assert_eq!(objects[1]["status"], "ok", "{command}");
        assert_eq!(status, 3, "{command}");
    }
    // The budget holds within a step too: rating this one takes over a minute, and a single
    // step of its nested forcing chains took from 1 s to 2.3 s (from 4 s to 11 s) of a run
    // while the chain searches did not look at the clock.
    let started = std::time::Instant::now();
    let (status, _, _) = run(&["rate", "--timeout", "1s"], &hardest[117].to_string());
    let took = started.elapsed();
    assert_eq!(status, 3);
    assert!(took < std::time::Duration::from_secs(2), "{took:?}");
    let (status, stdout, _) = run(&["solve", "--timeout", "5s"], &input);
    assert_eq!((status, stdout.lines().count()), (0, 3));
    let (status, _, _) = run(&["solve", "--timeout", "soon"], &input);
    assert_eq!(status, 2);
}

#[test]
fn the_logic_commands_keep_their_time_budget_while_showing_a_large_puzzle_unique() {
    // Before any step, logic shows the puzzle has one solution; on this 25x25 puzzle that
    // count takes 12 s on the release build, so each command must give up at its budget and
    // go on to the next puzzle (a 4x4 one).
    let slow = std::fs::read_to_string(common::puzzle_path("gecode_25x25_slow.txt")).unwrap();
    let small = std::fs::read_to_string(common::puzzle_path("sizes_4x4.txt")).unwrap();
    let small = small.lines().find(|line| !line.starts_with('#')).unwrap();
    let input = format!("{}\n{small}\n", slow.trim());
    for command in ["hint", "explain", "rate", "fill"] {
        let started = std::time::Instant::now();
        let (status, stdout, stderr) = run(&[command, "--timeout", "300ms", "-f", "json"], &input);
        let took = started.elapsed();
        let statuses: Vec<String> = stdout
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["status"].to_string())
            .collect();
        assert_eq!(statuses, ["\"timeout\"", "\"ok\""], "{command}: {stderr}");
        assert_eq!(status, 3, "{command}: {stderr}");
        assert!(stderr.contains(":1: timed out after 300ms"), "{stderr}");
        assert!(
            took < std::time::Duration::from_secs(6),
            "{command}: {took:?}"
        );
    }
}

#[test]
fn a_time_budget_is_read_in_seconds_without_a_unit_and_0_is_none() {
    let input = format!(
        "{}
{}
",
        common::EASY,
        ".".repeat(81)
    );
    // A bare number is seconds, as for timeout(1): the count of the empty grid runs out.
    for budget in ["0.2", "1"] {
        let (status, stdout, stderr) = run(&["count", "-l", "0", "--timeout", budget], &input);
        assert_eq!(status, 3, "{budget}: {stderr}");
        assert_eq!(stdout.lines().collect::<Vec<_>>(), ["1", "error: timeout"]);
        let shown = if budget == "1" { "1s" } else { "200ms" };
        assert!(
            stderr.contains(&format!("timed out after {shown}")),
            "{stderr}"
        );
    }
    // 0, with a unit or without, is no limit (as `--limit 0` is).
    for zero in ["0", "0s"] {
        let (status, stdout, stderr) = run(&["solve", "--timeout", zero], &input);
        assert_eq!((status, stdout.lines().count()), (0, 2), "{zero}: {stderr}");
    }
    for bad in ["-1", "nan", "inf", "1e30", "1x"] {
        let (status, _, stderr) = run(&["solve", &format!("--timeout={bad}")], &input);
        assert_eq!(status, 2, "{bad}");
        assert!(stderr.contains("--timeout"), "{bad}: {stderr}");
    }
}
