//! `spineparticle simulate` (owned by the crate owner of the matching core crate).

use crate::error::{Error, Result};

/// Arguments of `spineparticle simulate`.
#[derive(clap::Args)]
pub struct Args {
    /// Remaining arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs `spineparticle simulate`.
pub fn run(args: Args) -> Result<()> {
    Err(Error::Usage(format!("simulate: not built yet ({} args)", args.rest.len())))
}
