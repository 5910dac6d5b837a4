//! `lexico`: the Spanish Scrabble lexicon toolchain.

mod cmd;
mod conditions;
mod console;
mod files;
mod help;
mod i18n;
mod input;
mod judge;
mod keys;
mod lexicons;
mod localize;
mod offline;
mod output;
mod screen;

use std::process::ExitCode;

use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser};

/// Build Spanish Scrabble lexicons (FISE rules) and query them: validity, tiles, word lists.
#[derive(Parser)]
#[command(name = "lexico", version, about, max_term_width = 100)]
struct Cli {
    /// The language of messages for people: es or en. Default: from LC_ALL, LC_MESSAGES or LANG
    /// (es* is Spanish), else the language of Windows, else English; the judge station's pages
    /// are Spanish by default.
    #[arg(long, value_enum, global = true, value_name = "LANG")]
    lang: Option<i18n::LangArg>,
    #[command(subcommand)]
    command: Command,
}

/// The commands: variant, name, one-line summary, arguments. Each command's arguments are added
/// to the parser only when that command runs (`clap::Command::defer`): building every command's
/// arguments and help texts costs a whole process as much as answering a query
/// (`docs/performance.md`).
macro_rules! commands {
    // Each command with its summary, its arguments added by `$augment` when it runs. The
    // summary is set again after the arguments: a flattened argument group's own doc comment
    // would otherwise replace it.
    // Summaries and the arguments' help are in the language of the help (`help`).
    (@add $cmd:ident $augment:ident $($name:literal $about:literal $args:ty;)*) => {
        $cmd$(.subcommand(clap::Command::new($name).about(help::about($name, $about)).defer(|cmd| {
            help::arguments($name, <$args as clap::Args>::$augment(cmd))
                .about(help::about($name, $about))
                .long_about(None::<&str>)
        })))*
    };
    ($($variant:ident $name:literal $about:literal $args:ty;)*) => {
        enum Command {
            $($variant($args),)*
        }

        /// Each command's name and English summary.
        #[cfg(test)]
        const SUMMARIES: &[(&str, &str)] = &[$(($name, $about)),*];

        /// Each command with its arguments and their English help, as the derive makes them.
        #[cfg(test)]
        fn english_commands() -> Vec<clap::Command> {
            vec![$(<$args as clap::Args>::augment_args(clap::Command::new($name))),*]
        }

        impl clap::Subcommand for Command {
            fn augment_subcommands(cmd: clap::Command) -> clap::Command {
                commands!(@add cmd augment_args $($name $about $args;)*)
            }
            fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
                commands!(@add cmd augment_args_for_update $($name $about $args;)*)
            }
            fn has_subcommand(name: &str) -> bool {
                [$($name),*].contains(&name)
            }
        }

        impl FromArgMatches for Command {
            fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
                Self::from_arg_matches_mut(&mut matches.clone())
            }
            fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
                let (name, mut sub) = matches
                    .remove_subcommand()
                    .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
                match name.as_str() {
                    $($name => Ok(Command::$variant(<$args>::from_arg_matches_mut(&mut sub)?)),)*
                    _ => Err(clap::Error::new(clap::error::ErrorKind::InvalidSubcommand)),
                }
            }
            fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
                *self = Self::from_arg_matches(matches)?;
                Ok(())
            }
        }
    };
}

commands! {
    Build "build" "Compile source lists with a rule set into a lexicon file" cmd::build::Args;
    Valid "valid" "Is each word valid? Exit 0 if all are, 1 if any is not, 2 on error" cmd::valid::Args;
    Explain "explain" "Why each word is valid or not: entry, rule, article, source line (`valid --explain`)" cmd::explain::Args;
    Diff "diff" "Words added and removed between two lexicons, with counts; release notes with --notes" cmd::diff::Args;
    Tiles "tiles" "Show the tiles of words or racks, their count and face value" cmd::tiles::Args;
    Info "info" "Print a lexicon's manifest: name, edition, sources, rule set, counts, checksums" cmd::info::Args;
    Dump "dump" "Print every word of a lexicon, in tile order" cmd::dump::Args;
    Anagram "anagram" "Words a rack makes: exactly, from a subset (--sub) or with tiles added (--super)" cmd::anagram::Args;
    Pattern "pattern" "Words that fit a crossword pattern (C?S*) or a regular expression over tiles (--regex)" cmd::pattern::Args;
    Hooks "hooks" "Tiles that make a valid word in front of a word or after it" cmd::hooks::Args;
    Search "search" "Study lists: the words that meet every condition, with probability order, hooks and inner hooks" Box<cmd::search::Args>;
    Quiz "quiz" "Anagram quiz: alphagrams from search conditions or the cardbox's due cards, answers typed, hooks shown" Box<cmd::quiz::Args>;
    Cardbox "cardbox" "The cardbox of anagram questions: add from search conditions, due cards, stats, CSV export and import" cmd::cardbox::Args;
    Dash "dash" "Scrabble Dash: does each word meet the card, from a hand (--mano); or every word a hand makes (--list)" cmd::dash::Args;
    Rules "rules" "List the rule sets embedded in the binary, or export one to a folder" cmd::rules::Args;
    Install "install" "File a lexicon in the user's data folder, so that --lexicon can name it" cmd::install::Args;
    Lexicons "lexicons" "List the installed lexicons: name, edition, words, checksum, signer, path" cmd::lexicons::Args;
    Sign "sign" "Sign a lexicon file with a minisign secret key (writes FILE.minisig)" cmd::sign::Args;
    Keygen "keygen" "Make a minisign key pair for signing lexicons" cmd::sign::KeygenArgs;
    Trust "trust" "Add, list or remove the public keys whose signed lexicons are accepted" cmd::trust::Args;
    Completions "completions" "Print a shell completion script (bash, zsh, fish, elvish, powershell)" cmd::completions::Args;
    Man "man" "Print the manual page (roff)" cmd::man::Args;
    Serve "serve" "Run the judge station: judge and arbiter pages in a browser, a JSON API, an audit log" cmd::serve::Args;
    Page "page" "Write the offline judge page: one HTML file (or a folder) that judges with no network" cmd::page::Args;
}

fn main() -> ExitCode {
    let command = help::top(Cli::command());
    let cli = Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit());
    i18n::choose(cli.lang);
    console::prepare();
    let result = match cli.command {
        Command::Build(args) => cmd::build::run(args),
        // `valid --judge` is the terminal judge station; `valid --explain` is `explain`.
        Command::Valid(args) if args.judge => {
            judge::run(&args.lexicon, &args.words, args.audit_log.as_deref(), args.format, args.clear_after)
        }
        Command::Valid(args) if args.explain => cmd::explain::run(cmd::explain::Args {
            words: args.words,
            format: args.format,
            paradigm: false,
            lexicon: args.lexicon,
        }),
        Command::Valid(args) => cmd::valid::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Diff(args) => cmd::diff::run(args),
        Command::Tiles(args) => cmd::tiles::run(args),
        Command::Info(args) => cmd::info::run(args),
        Command::Dump(args) => cmd::dump::run(args),
        Command::Anagram(args) => cmd::anagram::run(args),
        Command::Pattern(args) => cmd::pattern::run(args),
        Command::Hooks(args) => cmd::hooks::run(args),
        Command::Search(args) => cmd::search::run(*args),
        Command::Quiz(args) => cmd::quiz::run(*args),
        Command::Cardbox(args) => cmd::cardbox::run(args),
        Command::Dash(args) => cmd::dash::run(args),
        Command::Rules(args) => cmd::rules::run(args),
        Command::Install(args) => cmd::install::run(args),
        Command::Lexicons(args) => cmd::lexicons::run(args),
        Command::Sign(args) => cmd::sign::run(args),
        Command::Keygen(args) => cmd::sign::keygen(args),
        Command::Trust(args) => cmd::trust::run(args),
        Command::Completions(args) => cmd::completions::run(args),
        Command::Man(args) => cmd::man::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Page(args) => cmd::page::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) if output::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lexico: {}", one_line(&err, i18n::terminal()));
            ExitCode::from(2)
        }
    }
}

/// The error and its causes on one line, as `{err:#}` prints them, but with a cause left out when
/// the message before it already ends with it (an I/O error wrapped by an error that quotes it),
/// and with control characters escaped, so that a line end or an escape sequence typed in a word
/// or read from a source never splits the message or reaches the terminal. Each cause whose type
/// has words in the catalogues is said in `lang` (`localize::cause`).
fn one_line(err: &anyhow::Error, lang: i18n::Lang) -> String {
    let mut message = String::new();
    let mut english = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if english.ends_with(&text) {
            continue;
        }
        if !english.is_empty() {
            english.push_str(": ");
            message.push_str(": ");
        }
        english.push_str(&text);
        match localize::cause(cause, lang) {
            Some(local) => message.push_str(&local),
            None => message.push_str(&text),
        }
    }
    message
        .chars()
        .map(|c| match c {
            c if c.is_control() => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// The commands wired by hand (`commands!`) make a parser clap accepts, and each command's
    /// help opens with its own summary, not that of an argument group it flattens.
    #[test]
    fn every_command_is_wired_with_its_summary() {
        let summaries = |cli: &clap::Command| -> Vec<(String, String)> {
            let about = |s: &clap::Command| s.get_about().map(|a| a.to_string()).unwrap_or_default();
            cli.get_subcommands().map(|s| (s.get_name().to_string(), about(s))).collect()
        };
        // Before the arguments are added (what `lexico --help` lists) and after (what each
        // command's own help shows).
        let listed = summaries(&Cli::command());
        let mut cli = Cli::command();
        cli.build();
        cli.clone().debug_assert();
        // `build` adds clap's own `help` command last.
        assert_eq!(summaries(&cli)[..listed.len()], listed[..]);
        let names: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "build",
                "valid",
                "explain",
                "diff",
                "tiles",
                "info",
                "dump",
                "anagram",
                "pattern",
                "hooks",
                "search",
                "quiz",
                "cardbox",
                "dash",
                "rules",
                "install",
                "lexicons",
                "sign",
                "keygen",
                "trust",
                "completions",
                "man",
                "serve",
                "page"
            ]
        );
        for (name, about) in &listed {
            assert!(!about.is_empty() && !about.ends_with('.'), "{name}: {about}");
        }
        let anagram = Cli::try_parse_from(["lexico", "anagram", "--sub", "AEINR??"]).unwrap();
        assert!(matches!(anagram.command, Command::Anagram(a) if a.sub));
        assert!(Cli::try_parse_from(["lexico", "anagram", "--bogus"]).is_err());
    }

    /// The English catalogue's summaries and flag help are the English written in the code,
    /// which `lexico --help` shows without reading the catalogue; the Spanish catalogue has
    /// every one of them.
    #[test]
    fn help_in_the_english_catalogue_is_the_help_written_in_the_code() {
        use i18n::{has, msg, Lang};
        assert_eq!(SUMMARIES.len(), 24);
        for (name, about) in SUMMARIES {
            assert_eq!(msg(Lang::En, &format!("about-{name}"), &[]), *about, "{name}");
            assert!(has(Lang::Es, &format!("about-{name}")), "{name}");
        }
        let top = Cli::command();
        let doc = top.get_about().unwrap().to_string();
        assert_eq!(msg(Lang::En, "about-lexico", &[]), doc);
        let mut checked = 0;
        for cmd in english_commands().into_iter().chain([top]) {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str().replace('_', "-");
                let own = format!("help-{}-{id}", cmd.get_name());
                let shared = if arg.is_global_set() { format!("help-{id}") } else { own.clone() };
                let Some(m) = [own, shared].into_iter().find(|m| has(Lang::En, m)) else { continue };
                let english =
                    arg.get_long_help().or(arg.get_help()).map(|h| h.to_string()).unwrap_or_default();
                assert_eq!(msg(Lang::En, &m, &[]), english, "{m}");
                assert_ne!(msg(Lang::Es, &m, &[]), english, "{m} is in Spanish");
                checked += 1;
            }
        }
        assert!(checked >= 8, "{checked}");
    }
}
