//! `lexico man`: the manual page, in roff, generated from the command line's own definition
//! (clap_mangen), so every command and flag is in it.
//!
//! One page, as ripgrep has: the program's name, synopsis, description and options, then one
//! section per command (`LEXICO VALID`, and `LEXICO RULES LIST` for a command's own commands),
//! each with its summary, synopsis and options, grouped under their help headings.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap_mangen::Man;

use crate::help::full_command;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    out.write_all(&page()?)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The whole manual page, `lexico(1)`.
pub fn page() -> std::io::Result<Vec<u8>> {
    let cli = full_command();
    let man = Man::new(cli.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    for sub in commands(&cli) {
        command_section(sub, &mut page)?;
    }
    man.render_version_section(&mut page)?;
    Ok(finish(&page))
}

/// The page as it is printed: clap_mangen's preamble (the lines that define the apostrophe
/// string `Aq`, written before each part it renders) kept only the first time, and every
/// character outside ASCII (Ñ, Ç, the arrows of the help texts) written as a roff escape
/// (`\[u00D1]`), which groff and mandoc read whatever the page's encoding is taken to be.
fn finish(page: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(page);
    let mut seen: Vec<&str> = Vec::new();
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.starts_with(".ie ") || line.starts_with(".el ") {
            if seen.contains(&line) {
                continue;
            }
            seen.push(line);
        }
        for c in line.chars() {
            if c.is_ascii() {
                out.push(c);
            } else {
                out.push_str(&format!("\\[u{:04X}]", c as u32));
            }
        }
        out.push('\n');
    }
    out.into_bytes()
}

/// Every command under `cmd`, depth first in the order they are declared, without clap's
/// `help` command (the `--help` flag is in each section).
fn commands(cmd: &clap::Command) -> Vec<&clap::Command> {
    let mut all = Vec::new();
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        all.push(sub);
        all.extend(commands(sub));
    }
    all
}

/// The section of one command: a heading with its full name, then its summary, synopsis and
/// options as clap_mangen renders them for a page of its own, with their section headings made
/// subsection headings.
fn command_section(cmd: &clap::Command, page: &mut Vec<u8>) -> std::io::Result<()> {
    let name = cmd.get_bin_name().unwrap_or_else(|| cmd.get_name()).to_uppercase();
    let man = Man::new(cmd.clone());
    let mut body = Vec::new();
    man.render_description_section(&mut body)?;
    man.render_synopsis_section(&mut body)?;
    man.render_options_section(&mut body)?;
    let body = String::from_utf8_lossy(&body);
    clap_mangen::roff::Roff::new().control("SH", [name.as_str()]).to_writer(page)?;
    for line in body.lines() {
        match line.strip_prefix(".SH ") {
            // The description is the section's first paragraph: it needs no heading.
            Some("DESCRIPTION") => {}
            Some(heading) => writeln!(page, ".SS {heading}")?,
            None => writeln!(page, "{line}")?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command: its full name (`lexico rules list`), its long flags and its own commands.
    fn tree() -> Vec<(String, Vec<String>, Vec<String>)> {
        fn walk(cmd: &clap::Command, name: String, all: &mut Vec<(String, Vec<String>, Vec<String>)>) {
            let longs = cmd.get_arguments().filter(|a| !a.is_hide_set()).filter_map(|a| a.get_long());
            let subs: Vec<&clap::Command> =
                cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help").collect();
            let names = subs.iter().map(|s| s.get_name().to_string()).collect();
            all.push((name.clone(), longs.map(String::from).collect(), names));
            for sub in subs {
                walk(sub, format!("{name} {}", sub.get_name()), all);
            }
        }
        let mut all = Vec::new();
        walk(&full_command(), "lexico".into(), &mut all);
        all
    }

    /// The page's text as a reader sees it: roff's escaped hyphens made plain.
    fn page_text() -> String {
        String::from_utf8(page().unwrap()).unwrap().replace("\\-", "-")
    }

    #[test]
    fn every_command_has_a_section_with_each_of_its_flags() {
        let page = page_text();
        let tree = tree();
        // The tree is the real one, with the arguments `main` defers: a command's flags are there.
        assert!(tree
            .iter()
            .any(|(name, longs, _)| name == "lexico anagram" && longs.contains(&"sub".into())));
        for (name, longs, _) in &tree {
            let section = if name == "lexico" {
                page.split(".SH \"LEXICO ").next().unwrap().to_string()
            } else {
                let heading = format!(".SH \"{}\"\n", name.to_uppercase());
                let start = page.find(&heading).unwrap_or_else(|| panic!("no section {heading:?}"));
                let rest = &page[start + heading.len()..];
                rest[..rest.find(".SH ").unwrap_or(rest.len())].to_string()
            };
            assert!(section.contains(&format!("\\fB{name}\\fR")), "{name}: no synopsis");
            for long in longs {
                assert!(
                    section.contains(&format!("\\fB--{long}\\fR")),
                    "{name}: --{long} is not in its section"
                );
            }
        }
    }

    #[test]
    fn the_bash_completions_have_every_command_and_flag() {
        let mut bash = Vec::new();
        clap_complete::generate(clap_complete::Shell::Bash, &mut full_command(), "lexico", &mut bash);
        let bash = String::from_utf8(bash).unwrap();
        // What bash offers after a command: one `opts="..."` line per command.
        let offers: Vec<Vec<&str>> = bash
            .lines()
            .filter_map(|l| l.trim().strip_prefix("opts=\""))
            .map(|l| l.trim_end_matches('"').split_whitespace().collect())
            .collect();
        for (name, longs, subs) in tree() {
            let wanted: Vec<String> = longs.iter().map(|l| format!("--{l}")).chain(subs).collect();
            assert!(
                offers.iter().any(|o| wanted.iter().all(|w| o.contains(&w.as_str()))),
                "{name}: no completion offers all of {wanted:?}"
            );
        }
    }

    #[test]
    fn the_page_is_ascii_roff_with_one_title_and_one_preamble() {
        let page = String::from_utf8(page().unwrap()).unwrap();
        assert!(page.is_ascii());
        // `valid`'s help names ÇURRO: its Ç is escaped.
        assert!(page.contains("\\[u00C7]URRO"), "no escaped Ç");
        assert!(page.starts_with(".ie ") || page.starts_with(".TH "), "{}", &page[..40]);
        assert_eq!(page.matches("\n.TH ").count(), 1);
        assert_eq!(page.matches(".ds Aq ").count(), 2, "the preamble's two lines, once");
    }
}
