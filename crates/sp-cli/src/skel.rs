//! `spineparticle skel` (owned by the crate owner of the matching core crate).

use crate::error::{Error, Result};

/// Arguments of `spineparticle skel`.
#[derive(clap::Args)]
pub struct Args {
    /// Remaining arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs `spineparticle skel`.
pub fn run(args: Args) -> Result<()> {
    Err(Error::Usage(format!("skel: not built yet ({} args)", args.rest.len())))
}
