use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use crate::{
    Change, Decision, LimitSource, LimiterError, RateLimiter, UnixSeconds, WINDOW_MINUTES,
};

/// The in-process store for a single instance: per key, the minutes of the last hour that hold
/// hits. The lock is held for a few hundred nanoseconds per request.
#[derive(Debug, Default)]
pub struct MemoryLimiter {
    windows: Mutex<HashMap<i64, VecDeque<(i64, i64)>>>,
}

impl MemoryLimiter {
    pub fn new() -> Self {
        Self::default()
    }
}

impl MemoryLimiter {
    fn apply(&self, key_id: i64, limit: i64, now: UnixSeconds, change: Change) -> Decision {
        let minute = now.minute();
        let first_minute = minute - WINDOW_MINUTES + 1;
        // A poisoned lock only means another request panicked mid-update; the counters are
        // still whole numbers, so keep using them.
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let window = windows.entry(key_id).or_default();
        while window.front().is_some_and(|&(m, _)| m < first_minute) {
            window.pop_front();
        }
        if let Change::GiveBack { minute: counted } = change
            && let Some(at) = window.iter().position(|&(m, _)| m == counted)
        {
            window[at].1 -= 1;
            if window[at].1 == 0 {
                window.remove(at);
            }
        }
        let hits: i64 = window.iter().map(|&(_, h)| h).sum();
        let admitted = match change {
            Change::Count => hits < limit,
            Change::Peek | Change::GiveBack { .. } => true,
        };
        let counted = change == Change::Count && admitted;
        if counted {
            match window.back_mut() {
                Some((m, h)) if *m == minute => *h += 1,
                _ => window.push_back((minute, 1)),
            }
        }
        let hits = if counted { hits + 1 } else { hits };
        let oldest = window.front().map(|&(m, _)| m);
        if window.is_empty() {
            windows.remove(&key_id);
        }
        Decision::from_window(admitted, hits, oldest, limit, now, LimitSource::Memory)
    }
}

#[async_trait::async_trait]
impl RateLimiter for MemoryLimiter {
    async fn decide(
        &self,
        key_id: i64,
        limit: i64,
        now: UnixSeconds,
        change: Change,
    ) -> Result<Decision, LimiterError> {
        Ok(self.apply(key_id, limit, now, change))
    }
}
