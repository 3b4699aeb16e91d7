/// The window spans this many one-minute buckets, the current minute included.
pub const WINDOW_MINUTES: i64 = 60;

/// A wall-clock instant in whole seconds since 1970, passed in so that tests control time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct UnixSeconds(pub i64);

impl UnixSeconds {
    pub fn now() -> Self {
        let since_epoch = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        Self(i64::try_from(since_epoch.as_secs()).unwrap_or(i64::MAX))
    }

    pub fn minute(self) -> i64 {
        self.0.div_euclid(60)
    }
}

/// Which backend answered; sent as `X-RateLimit-Source`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitSource {
    Memory,
    Redis,
    Database,
}

impl LimitSource {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Memory => "memory",
            Self::Redis => "redis",
            Self::Database => "database",
        }
    }
}

/// What one call does to a key's window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Counts the request if the window has room (`RateLimiter::hit`).
    Count,
    /// Counts nothing: reads the window (`RateLimiter::peek`).
    Peek,
    /// Takes back one request counted in this minute, if the window still holds one there
    /// (`RateLimiter::refund`).
    GiveBack { minute: i64 },
}

/// The answer for one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub admitted: bool,
    pub limit: i64,
    /// Requests left in the window after this one.
    pub remaining: i64,
    /// When refused: whole seconds until the oldest minute leaves the window (at least 1).
    pub retry_after_secs: Option<i64>,
    /// `X-RateLimit-Reset`: whole seconds until the oldest counted request leaves the window and
    /// `remaining` grows by one (at least 1), whatever `remaining` is now; 0 when the window counts
    /// no request (nothing is due back: `remaining` is the whole limit).
    pub reset_secs: i64,
    pub source: LimitSource,
}

impl Decision {
    /// Builds the decision from the window's state after the attempt.
    pub(crate) fn from_window(
        admitted: bool,
        hits: i64,
        oldest_minute: Option<i64>,
        limit: i64,
        now: UnixSeconds,
        source: LimitSource,
    ) -> Self {
        let remaining = (limit - hits).max(0);
        let frees_in = |oldest: i64| ((oldest + WINDOW_MINUTES) * 60 - now.0).max(1);
        let reset_secs = match oldest_minute {
            Some(oldest) if hits > 0 => frees_in(oldest),
            _ => 0,
        };
        Self {
            admitted,
            limit,
            remaining,
            retry_after_secs: (!admitted)
                .then(|| frees_in(oldest_minute.unwrap_or_else(|| now.minute()))),
            reset_secs,
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_counts_to_the_end_of_the_oldest_minute() {
        // Oldest hit in minute 100 (second 6000..6059); it leaves the window at second 9600.
        let now = UnixSeconds(100 * 60 + 30 * 60 + 15);
        let decision = Decision::from_window(false, 5, Some(100), 5, now, LimitSource::Memory);
        assert_eq!(decision.retry_after_secs, Some(9600 - now.0));
        assert_eq!(decision.remaining, 0);
    }

    #[test]
    fn admitted_requests_have_no_retry_after_but_say_when_the_oldest_leaves() {
        let now = UnixSeconds(90);
        let decision = Decision::from_window(true, 2, Some(1), 5, now, LimitSource::Redis);
        assert_eq!(decision.retry_after_secs, None);
        assert_eq!(decision.remaining, 3);
        assert_eq!(decision.reset_secs, (1 + 60) * 60 - now.0);
    }

    #[test]
    fn an_empty_window_has_nothing_due_back() {
        let decision =
            Decision::from_window(true, 0, None, 5, UnixSeconds(90), LimitSource::Memory);
        assert_eq!((decision.remaining, decision.reset_secs), (5, 0));
    }

    #[test]
    fn the_request_that_uses_the_last_one_says_when_the_next_comes() {
        let now = UnixSeconds(100 * 60 + 15);
        let decision = Decision::from_window(true, 5, Some(100), 5, now, LimitSource::Memory);
        assert_eq!(decision.remaining, 0);
        assert_eq!(decision.reset_secs, (100 + 60) * 60 - now.0);
    }

    #[test]
    fn minutes_floor_before_1970_too() {
        assert_eq!(UnixSeconds(-1).minute(), -1);
        assert_eq!(UnixSeconds(59).minute(), 0);
    }
}
