//! A token bucket per client address for failed authentications (401s): a client may fail on
//! average `per_sec` times a second, `burst` times in a row, and is then answered 429 until
//! the bucket refills. Valid keys never touch it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Bounds the table against a flood from many addresses. When it is full, the buckets that
/// have refilled completely (indistinguishable from a new one) are dropped; if none has, the
/// table starts over, which forgives everyone at once rather than growing without end.
const MAX_ADDRESSES: usize = 100_000;

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// The outcome of one failed authentication.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FailureVerdict {
    /// Within the allowance: answer the 401.
    Allowed,
    /// Over the allowance: answer 429 with this `Retry-After` (whole seconds, at least 1).
    Throttled { retry_after_secs: u64 },
}

#[derive(Debug)]
pub(crate) struct FailureThrottle {
    per_sec: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl FailureThrottle {
    pub(crate) fn new(per_sec: u32, burst: u32) -> Self {
        Self {
            per_sec: f64::from(per_sec.max(1)),
            burst: f64::from(burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Records a failed authentication from `address` at `now`.
    pub(crate) fn fail(&self, address: IpAddr, now: Instant) -> FailureVerdict {
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= MAX_ADDRESSES && !buckets.contains_key(&address) {
            let refill = self.refill_time();
            buckets.retain(|_, bucket| now.saturating_duration_since(bucket.updated) < refill);
            if buckets.len() >= MAX_ADDRESSES {
                buckets.clear();
            }
        }
        let bucket = buckets.entry(address).or_insert(Bucket {
            tokens: self.burst,
            updated: now,
        });
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * self.per_sec).min(self.burst);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            FailureVerdict::Allowed
        } else {
            let wait_secs = (1.0 - bucket.tokens) / self.per_sec;
            // Whole seconds, rounded up; a wait below one second still says 1.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let retry_after_secs = (wait_secs.ceil() as u64).max(1);
            FailureVerdict::Throttled { retry_after_secs }
        }
    }

    /// How long an empty bucket takes to fill up again.
    fn refill_time(&self) -> Duration {
        Duration::from_secs_f64(self.burst / self.per_sec)
    }

    #[cfg(test)]
    fn tracked(&self) -> usize {
        self.buckets.lock().unwrap().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_burst_then_the_rate() {
        let throttle = FailureThrottle::new(20, 100);
        let start = Instant::now();
        let a = ip("198.51.100.1");
        for _ in 0..100 {
            assert_eq!(throttle.fail(a, start), FailureVerdict::Allowed);
        }
        assert_eq!(
            throttle.fail(a, start),
            FailureVerdict::Throttled {
                retry_after_secs: 1
            }
        );
        // Another address has its own bucket.
        assert_eq!(
            throttle.fail(ip("198.51.100.2"), start),
            FailureVerdict::Allowed
        );
        // One second later, 20 more failures are allowed, not 21.
        let later = start + Duration::from_secs(1);
        for _ in 0..20 {
            assert_eq!(throttle.fail(a, later), FailureVerdict::Allowed);
        }
        assert!(matches!(
            throttle.fail(a, later),
            FailureVerdict::Throttled { .. }
        ));
    }

    #[test]
    fn retry_after_covers_the_wait_for_one_token() {
        let throttle = FailureThrottle::new(1, 2);
        let now = Instant::now();
        let a = ip("203.0.113.5");
        throttle.fail(a, now);
        throttle.fail(a, now);
        assert_eq!(
            throttle.fail(a, now),
            FailureVerdict::Throttled {
                retry_after_secs: 1
            }
        );
        let slow = FailureThrottle::new(1, 1);
        slow.fail(a, now);
        assert_eq!(
            slow.fail(a, now + Duration::from_millis(100)),
            FailureVerdict::Throttled {
                retry_after_secs: 1
            }
        );
    }

    #[test]
    fn memory_stays_bounded() {
        let full = |at: Instant| {
            let throttle = FailureThrottle::new(20, 100);
            for n in 0..MAX_ADDRESSES as u32 {
                throttle.fail(IpAddr::from(n.to_be_bytes()), at);
            }
            assert_eq!(throttle.tracked(), MAX_ADDRESSES);
            throttle
        };
        let now = Instant::now();
        let newcomer = ip("198.51.100.9");
        // Buckets that refilled (5 s at 20/s for a burst of 100) are dropped first.
        let refilled = full(now);
        refilled.fail(newcomer, now + Duration::from_secs(10));
        assert_eq!(refilled.tracked(), 1);
        // If none has, the table starts over.
        let busy = full(now);
        busy.fail(newcomer, now + Duration::from_secs(1));
        assert_eq!(busy.tracked(), 1);
    }
}
