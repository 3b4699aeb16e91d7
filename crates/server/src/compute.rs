//! The pool that runs calculations, off the async threads.
//!
//! Long-lived threads suit the Swiss Ephemeris: its state is per thread, so a thread that stays
//! keeps its open files and caches, where tokio's blocking pool retires idle threads.

use std::sync::Arc;

use crate::error::ApiError;

/// Jobs handed to the pool per thread. One per thread would leave each thread idle between jobs
/// and wake it for every request (measured: +25 % CPU per `/v1/planets` request); eight keep
/// the threads busy while the queue stays short.
pub const QUEUED_JOBS_PER_THREAD: usize = 8;

/// A handle to the calculation threads; cheap to clone.
///
/// At most [`QUEUED_JOBS_PER_THREAD`] jobs per thread are handed to the pool; the others wait on
/// the async side, where the request's time limit can drop them before they cost anything, and a
/// queued job whose request is gone is skipped. A flood of heavy requests therefore queues as
/// cheap futures, never as work nobody will read.
#[derive(Debug, Clone)]
pub struct Compute {
    pool: Arc<rayon::ThreadPool>,
    permits: Arc<tokio::sync::Semaphore>,
}

impl Compute {
    /// Starts `threads` calculation threads (default: one per core).
    ///
    /// # Errors
    /// The operating system refused to start the threads.
    pub fn new(threads: Option<usize>) -> anyhow::Result<Self> {
        let threads = threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
        });
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("orrery-compute-{i}"))
            .build()?;
        Ok(Self {
            permits: Arc::new(tokio::sync::Semaphore::new(
                pool.current_num_threads() * QUEUED_JOBS_PER_THREAD,
            )),
            pool: Arc::new(pool),
        })
    }

    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Runs `job` on a calculation thread and waits for it without blocking the async thread.
    ///
    /// # Errors
    /// A panic inside the job becomes a 500 (logged once); the job's own error is returned as is.
    pub async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::internal("the calculation pool is closed"))?;
        let (sender, receiver) = tokio::sync::oneshot::channel();
        self.pool.spawn(move || {
            let _permit = permit;
            // The request gave up (time limit, client gone) before its turn: skip the work.
            if sender.is_closed() {
                return;
            }
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            // The receiver is gone when the request timed out; the result is then not needed.
            let _ = sender.send(outcome);
        });
        match receiver.await {
            Ok(Ok(result)) => result,
            Ok(Err(panic)) => Err(ApiError::internal(format!(
                "calculation panicked: {}",
                panic_message(panic.as_ref())
            ))),
            Err(_) => Err(ApiError::internal("calculation thread vanished")),
        }
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("non-string panic")
}
