//! Sample statistics of the benchmarks: median (the middle of the sorted sample, the mean of
//! the two middle values for an even count) with the sample's min and max as its spread.

/// Median, min and max of a sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    /// The median.
    pub median: f64,
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
    /// Values in the sample (0: every field is NaN).
    pub count: usize,
}

/// The [`Spread`] of `samples` (NaN fields for an empty sample).
pub fn spread(samples: &[f64]) -> Spread {
    let mut v: Vec<f64> = samples.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        return Spread {
            median: f64::NAN,
            min: f64::NAN,
            max: f64::NAN,
            count: 0,
        };
    }
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    Spread {
        median,
        min: v[0],
        max: v[n - 1],
        count: n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_min_max() {
        assert_eq!(
            spread(&[3.0, 1.0, 2.0]),
            Spread {
                median: 2.0,
                min: 1.0,
                max: 3.0,
                count: 3
            }
        );
        assert_eq!(spread(&[4.0, 1.0, 2.0, 3.0]).median, 2.5);
        assert!(spread(&[]).median.is_nan());
    }
}
