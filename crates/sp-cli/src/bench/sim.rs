//! `spineparticle bench sim` (owned by the owner of the matching core crate).

use crate::error::{Error, Result};

/// Arguments of `spineparticle bench sim`.
#[derive(clap::Args)]
pub struct Args {
    /// Remaining arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs `spineparticle bench sim`.
pub fn run(args: Args) -> Result<()> {
    Err(Error::Usage(format!("bench sim: not built yet ({} args)", args.rest.len())))
}
