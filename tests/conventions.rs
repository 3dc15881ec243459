//! The conventions of a mature command-line tool, on the binary: shell completions and a manual
//! page generated from the same definitions as `--help`.

mod common;

use common::run;

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
