//! The pools that run calculations, off the async threads, admitted by cost.
//!
//! Long-lived threads suit the Swiss Ephemeris: its state is per thread, so a thread that stays
//! keeps its open files and caches, where tokio's blocking pool retires idle threads.
//!
//! The policy (docs/LOAD-SHEDDING.md):
//! - **Two lanes, each with its own threads.** Cheap endpoints (a chart, planets, aspects: well
//!   under a millisecond) run in the light lane; endpoints whose work grows with a window or a
//!   series (transits, ephemeris, progressions, returns, rise/set series, heliacal, cartography,
//!   directions, releasing) run in the heavy lane; each endpoint declares which
//!   (`orrery_api::endpoint`), and `admit` reads it by route. A flood of heavy work therefore
//!   never stands in front of a chart, and the light threads only compete for the cores, where
//!   the kernel shares them fairly.
//! - **Bounded queues.** Each lane admits at most its running slots plus a queue; past that a
//!   request is refused at once with 503 `overloaded` and `Retry-After`, and so is a queued
//!   request that could not start within half the request time limit (never a 504 for waiting).
//! - **A key's share.** One key may hold at most half of the heavy lane (running and queued), so
//!   one client cannot take all of it; its light requests are still served.
//! - **Memory for answers.** An answer is held in memory from its calculation until its client
//!   has taken it (or the connection is gone). The bytes all answers hold are bounded
//!   ([`AnswerMemory`]): a heavy request is refused at once when the answers waiting for their
//!   clients leave no room for what its endpoint's answers take (learnt from the last ones), and
//!   it starts only when twice that much is free (the answer and what it is written from),
//!   waiting like for a slot. A client that does not read is dropped after the write timeout
//!   (`connections.rs`), which frees its answer.
//! - **Cancellation.** A request that is dropped (time limit, client gone) cancels its calculation,
//!   which stops at its next library call (`orrery_ephem::run_cancellable`); a job keeps its slot
//!   until it has really stopped, so cancelled work never runs beside a full lane.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body::Body as _;
use orrery_api::endpoint::CostClass;
use orrery_ephem::{CancelToken, run_cancellable};

use crate::app::AppState;
use crate::auth::AuthenticatedClient;
use crate::connections::BodyWith;
use crate::error::ApiError;
use crate::routes::RouteCosts;

/// Light jobs handed to the pool per thread. One per thread would leave each thread idle between
/// jobs and wake it for every request (measured: +25 % CPU per `/v1/planets` request); eight keep
/// the threads busy while the queue stays short.
pub const QUEUED_JOBS_PER_THREAD: usize = 8;
/// Light requests that may wait for a slot (beyond the running ones) before new ones get 503.
const LIGHT_QUEUE: usize = 1024;
/// Heavy requests that may wait per heavy thread before new ones get 503.
const HEAVY_QUEUE_PER_THREAD: usize = 4;
/// What a heavy endpoint's answer is expected to take before any of its answers was measured.
const FIRST_ANSWER_ESTIMATE_BYTES: usize = 4 * 1024 * 1024;
/// What a calculation holds while it runs, per byte of the answer it writes: the answer and
/// the values it is written from (an astro-cartography answer of 30 MB is written from 12 MB of
/// points, and its buffer grows by doubling).
const CALCULATION_BYTES_PER_ANSWER_BYTE: usize = 2;
/// Answers shorter than this are not counted in [`AnswerMemory`]: a chart or a list of planets
/// (a few kilobytes) costs less than the counting, and the light lane's bound holds them.
const COUNTED_ANSWER_BYTES: usize = 16 * 1024;

tokio::task_local! {
    /// The place [`admit`] took for this request, handed to [`Compute::run`].
    static ADMITTED: Arc<Mutex<Admission>>;
}

/// What [`admit`] hands to [`Compute::run`], and what comes back: the memory the calculation
/// reserved, held until its answer is counted as a response.
#[derive(Debug)]
struct Admission {
    /// The class of the request's route, which its endpoint declares.
    class: CostClass,
    ticket: Option<Ticket>,
    reservation: Option<MemoryHold>,
}

/// Middleware on the authenticated routes: classifies the request by its route, with the class
/// its endpoint declares (`routes::Endpoints`), and takes its place in that lane before the body
/// is even read, so that a refusal for capacity costs almost nothing; the key's share of the
/// heavy lane is counted here too. A route no endpoint declared (none: a test walks them all)
/// would be heavy, the safe side.
pub(crate) async fn admit(
    State((state, costs)): State<(AppState, Arc<RouteCosts>)>,
    request: Request,
    next: Next,
) -> Response {
    let class = request
        .extensions()
        .get::<MatchedPath>()
        .and_then(|path| costs.of(path.as_str()))
        .unwrap_or(CostClass::Heavy);
    let key_id = request
        .extensions()
        .get::<AuthenticatedClient>()
        .map(|client| client.0.key_id);
    let compute = state.compute();
    let lane = match class {
        CostClass::Light => &compute.light,
        CostClass::Heavy => &compute.heavy,
    };
    let mut ticket = match lane.admit(key_id) {
        Ok(ticket) => ticket,
        Err(refused) => return refused.into_response(),
    };
    if class == CostClass::Heavy {
        let route = request
            .extensions()
            .get::<MatchedPath>()
            .map_or("unmatched", MatchedPath::as_str);
        let estimate = compute.estimate(route);
        let expected = estimate.load(Ordering::Relaxed);
        if let Err(refused) = compute.memory.admits(expected) {
            return refused.into_response();
        }
        ticket.answer_estimate = Some(estimate);
    }
    let admission = Arc::new(Mutex::new(Admission {
        class,
        ticket: Some(ticket),
        reservation: None,
    }));
    let response = ADMITTED
        .scope(Arc::clone(&admission), next.run(request))
        .await;
    // The answer is counted before the calculation's reservation goes, so that no calculation
    // can start in between on memory the answer still takes.
    let response = compute.memory.hold_answer(response);
    drop(lock(&admission).reservation.take());
    response
}

/// One lane: its threads, its running slots, and the bounds of what may wait for them.
#[derive(Debug)]
struct Lane {
    name: &'static str,
    pool: rayon::ThreadPool,
    slots: Arc<tokio::sync::Semaphore>,
    slot_count: usize,
    /// Running plus waiting, at most.
    capacity: usize,
    /// Running plus waiting for one key, at most.
    key_share: usize,
    admitted: Mutex<Admitted>,
    /// Moving average of a job's run time in microseconds, for `Retry-After`.
    job_micros: AtomicU64,
}

#[derive(Debug, Default)]
struct Admitted {
    total: usize,
    per_key: HashMap<i64, usize>,
}

/// A place in a lane, given back when the job has finished (or the request left the queue).
#[derive(Debug)]
struct Ticket {
    lane: Arc<Lane>,
    key_id: Option<i64>,
    /// For a heavy request: the bytes its endpoint's answers are expected to take, updated with
    /// what this one took.
    answer_estimate: Option<Arc<AtomicUsize>>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut admitted = lock(&self.lane.admitted);
        admitted.total -= 1;
        if let Some(key_id) = self.key_id
            && let Some(count) = admitted.per_key.get_mut(&key_id)
        {
            *count -= 1;
            if *count == 0 {
                admitted.per_key.remove(&key_id);
            }
        }
    }
}

impl Lane {
    fn new(
        name: &'static str,
        threads: usize,
        slot_count: usize,
        capacity: usize,
        key_share: usize,
        background: bool,
    ) -> anyhow::Result<Arc<Self>> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(move |i| format!("orrery-{name}-{i}"))
            .start_handler(move |_| {
                if background {
                    run_in_background();
                }
            })
            .build()?;
        Ok(Arc::new(Self {
            name,
            pool,
            slots: Arc::new(tokio::sync::Semaphore::new(slot_count)),
            slot_count,
            capacity,
            key_share,
            admitted: Mutex::new(Admitted::default()),
            job_micros: AtomicU64::new(1_000),
        }))
    }

    fn admit(self: &Arc<Self>, key_id: Option<i64>) -> Result<Ticket, ApiError> {
        let mut admitted = lock(&self.admitted);
        if admitted.total >= self.capacity {
            return Err(self.overloaded(admitted.total, "the service is at capacity"));
        }
        if let Some(key_id) = key_id {
            let count = admitted.per_key.entry(key_id).or_insert(0);
            if *count >= self.key_share {
                let total = admitted.total;
                return Err(self.overloaded(
                    total,
                    "this key uses its whole share of the capacity for expensive calculations; \
                     lighter requests are still served",
                ));
            }
            *count += 1;
        }
        admitted.total += 1;
        Ok(Ticket {
            lane: Arc::clone(self),
            key_id,
            answer_estimate: None,
        })
    }

    /// 503 `overloaded`, with the time the work ahead should take as `Retry-After`.
    fn overloaded(&self, ahead: usize, why: &str) -> ApiError {
        let job = Duration::from_micros(self.job_micros.load(Ordering::Relaxed));
        let wait = job.mul_f64((ahead + 1) as f64 / self.slot_count as f64);
        let retry_after = wait.as_secs().clamp(1, 60);
        ApiError::overloaded(format!("{why}; retry in {retry_after} s"))
            .with_retry_after(retry_after)
    }

    fn record_job_time(&self, elapsed: Duration) {
        let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
        let previous = self.job_micros.load(Ordering::Relaxed);
        // An exponential moving average over about the last eight jobs.
        let average = previous - previous / 8 + micros / 8;
        self.job_micros.store(average.max(1), Ordering::Relaxed);
    }
}

/// A handle to the calculation lanes; cheap to clone.
#[derive(Debug, Clone)]
pub struct Compute {
    light: Arc<Lane>,
    heavy: Arc<Lane>,
    memory: Arc<AnswerMemory>,
    /// Per heavy route, the bytes its answers are expected to take.
    estimates: Arc<Mutex<HashMap<String, Arc<AtomicUsize>>>>,
}

/// Cancels its calculation when the request's future is dropped (time limit, client gone).
struct CancelOnDrop(CancelToken);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

impl Compute {
    /// Starts `threads` calculation threads per lane (default: one per core), with `memory`
    /// bounding the bytes of the answers held at once.
    ///
    /// # Errors
    /// The operating system refused to start the threads.
    pub fn new(threads: Option<usize>, memory: AnswerMemoryLimit) -> anyhow::Result<Self> {
        let threads = threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
        });
        let light_slots = threads * QUEUED_JOBS_PER_THREAD;
        // Heavy jobs are long: one per thread at a time, so a slot is a core's worth of work.
        let heavy_capacity = threads * (1 + HEAVY_QUEUE_PER_THREAD);
        Ok(Self {
            light: Lane::new(
                "light",
                threads,
                light_slots,
                light_slots + LIGHT_QUEUE,
                usize::MAX,
                false,
            )?,
            heavy: Lane::new(
                "heavy",
                threads,
                threads,
                heavy_capacity,
                heavy_capacity.div_ceil(2),
                true,
            )?,
            memory: Arc::new(AnswerMemory::new(memory)),
            estimates: Arc::default(),
        })
    }

    /// The estimate of a heavy route's answers, shared by its requests.
    fn estimate(&self, route: &str) -> Arc<AtomicUsize> {
        let mut estimates = lock(&self.estimates);
        if let Some(estimate) = estimates.get(route) {
            return Arc::clone(estimate);
        }
        let estimate = Arc::new(AtomicUsize::new(FIRST_ANSWER_ESTIMATE_BYTES));
        estimates.insert(route.to_owned(), Arc::clone(&estimate));
        estimate
    }

    /// Threads per lane.
    pub fn threads(&self) -> usize {
        self.light.pool.current_num_threads()
    }

    /// Runs `job` on a calculation thread of the request's lane and waits for it without blocking
    /// the async thread. A request that cannot get a place, or cannot start within `start_within`,
    /// is refused with 503 `overloaded`.
    ///
    /// # Errors
    /// 503 `overloaded` as above; a panic inside the job becomes a 500 (logged once); the job's
    /// own error is returned as is.
    pub async fn run<T, F>(&self, start_within: Duration, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        // The place taken by `admit`; a calculation outside it (or a second one in the same
        // request) queues in the light lane.
        let ticket = match admitted_ticket() {
            Some(ticket) => ticket,
            None => self.light.admit(None)?,
        };
        let lane = Arc::clone(&ticket.lane);
        let waiting_since = Instant::now();
        let permit =
            match tokio::time::timeout(start_within, Arc::clone(&lane.slots).acquire_owned()).await
            {
                Ok(Ok(permit)) => permit,
                Ok(Err(_)) => return Err(ApiError::internal("the calculation pool is closed")),
                Err(_) => {
                    let waiting = lock(&lane.admitted).total;
                    return Err(lane.overloaded(
                        waiting,
                        "the calculation could not start within half the time limit",
                    ));
                }
            };
        // The memory after the slot: the estimate is then the latest, and calculations that
        // wait for a slot hold none.
        let expected = ticket.answer_estimate.as_ref().map_or(0, |estimate| {
            estimate
                .load(Ordering::Relaxed)
                .saturating_mul(CALCULATION_BYTES_PER_ANSWER_BYTE)
        });
        let start_within = start_within.saturating_sub(waiting_since.elapsed());
        let Some(reservation) = self.memory.reserve(expected, start_within).await else {
            return Err(self.memory.full(
                "the answers being calculated or waiting for their clients fill the memory for \
                 answers",
            ));
        };
        let token = CancelToken::new();
        let _cancel_on_drop = CancelOnDrop(token.clone());
        let (sender, receiver) = tokio::sync::oneshot::channel();
        let job_lane = Arc::clone(&lane);
        lane.pool.spawn(move || {
            // The slot, the place and the memory are held until the job has really stopped.
            let permit = permit;
            let ticket = ticket;
            let reservation = reservation;
            // The request gave up (time limit, client gone) before its turn: skip the work.
            if sender.is_closed() {
                return;
            }
            let started = Instant::now();
            ANSWER_BYTES.set(None);
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_cancellable(&token, job)
            }));
            job_lane.record_job_time(started.elapsed());
            if let (Some(estimate), Some(bytes)) = (&ticket.answer_estimate, ANSWER_BYTES.take()) {
                update_estimate(estimate, bytes);
            }
            // Give the place back before the answer leaves: the client's next request may
            // otherwise arrive while this thread still holds it. The memory goes with the
            // answer, until it is counted as a response (`admit`).
            drop(ticket);
            drop(permit);
            // The receiver is gone when the request timed out; the result is then not needed.
            let _ = sender.send((outcome, reservation));
        });
        let outcome = receiver.await.map(|(outcome, reservation)| {
            let _ = ADMITTED.try_with(|admission| lock(admission).reservation = Some(reservation));
            outcome
        });
        match outcome {
            Ok(Ok(result)) => result,
            Ok(Err(panic)) => Err(ApiError::internal(format!(
                "calculation panicked in the {} lane: {}",
                lane.name,
                panic_message(panic.as_ref())
            ))),
            Err(_) => Err(ApiError::internal("calculation thread vanished")),
        }
    }

    /// Runs `job` on the calling (async) thread, for work that costs less than the hand-off to a
    /// lane (the caller knows that from the request: [`crate::app::RunOn::Here`]). The place the
    /// request took in its lane is held until the job returns, so it still counts against the
    /// lane's bound; it cannot be cancelled half-way, which work this short does not need.
    ///
    /// # Errors
    /// A panic inside the job becomes a 500 (logged once); the job's own error is returned as is.
    pub fn run_here<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> Result<T, ApiError>,
    {
        let _ticket = admitted_ticket();
        let token = CancelToken::new();
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run_cancellable(&token, job)
        }))
        .unwrap_or_else(|panic| {
            Err(ApiError::internal(format!(
                "calculation panicked on an async thread: {}",
                panic_message(panic.as_ref())
            )))
        })
    }
}

/// Lowers the calling thread to the kernel's lowest share of the CPU (nice 19, `SCHED_BATCH`):
/// heavy calculations then use what the light lane and the async threads leave, instead of
/// taking turns with them. Raising niceness needs no privilege; if the system refuses anyway,
/// the lane still works, only without that priority.
pub(crate) fn run_in_background() {
    lower_this_thread(
        thread_priority::NormalThreadSchedulePolicy::Batch,
        "could not lower the heavy calculation threads' priority",
    );
}

/// Lowers the calling thread below the heavy lane (`SCHED_IDLE`), for work that no request
/// waits for (the position cache built at start): at nice 19 it took turns with the heavy
/// lane's threads, which are at nice 19 too, and a heavy request then ran at half speed while
/// it was built (a 40-year transit window in a debug build: 7.7 s alone, 24.5 s beside three
/// instances' prefills). Like niceness, this needs no privilege.
pub(crate) fn run_when_idle() {
    lower_this_thread(
        thread_priority::NormalThreadSchedulePolicy::Idle,
        "could not lower the position cache's thread to SCHED_IDLE",
    );
}

fn lower_this_thread(policy: thread_priority::NormalThreadSchedulePolicy, refused: &str) {
    use thread_priority::{
        ThreadPriority, ThreadSchedulePolicy, set_thread_priority_and_policy, thread_native_id,
    };
    if let Err(error) = set_thread_priority_and_policy(
        thread_native_id(),
        ThreadPriority::Min,
        ThreadSchedulePolicy::Normal(policy),
    ) {
        tracing::warn!(?error, "{refused}");
    }
}

thread_local! {
    /// The bytes of the answer the job on this calculation thread wrote, as its endpoint noted.
    static ANSWER_BYTES: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Notes, from inside a calculation, the bytes of the answer it wrote (before compression):
/// the next requests to its endpoint reserve that much memory before they start.
pub fn note_answer_bytes(bytes: usize) {
    ANSWER_BYTES.set(Some(bytes));
}

/// The estimate follows a larger answer at once and a smaller one slowly (an eighth of the
/// difference per answer), so that a run of small answers after a large one lowers it only
/// when they keep coming.
fn update_estimate(estimate: &AtomicUsize, bytes: usize) {
    let previous = estimate.load(Ordering::Relaxed);
    let next = if bytes >= previous {
        bytes
    } else {
        previous - (previous - bytes) / 8
    };
    estimate.store(next, Ordering::Relaxed);
}

/// The bound on the bytes of answers held at once, and how long a client that does not read
/// may keep its answer (the connections' write timeout), for `Retry-After`.
#[derive(Debug, Clone, Copy)]
pub struct AnswerMemoryLimit {
    pub bytes: usize,
    pub released_within: Duration,
}

/// The bytes held by answers: reserved by heavy calculations before they start (what their
/// endpoint's answers take), and held by answers from the moment they are responses until
/// their body is written or dropped.
#[derive(Debug)]
pub(crate) struct AnswerMemory {
    limit: AnswerMemoryLimit,
    using: Mutex<AnswerBytes>,
    freed: tokio::sync::Notify,
}

#[derive(Debug, Default)]
struct AnswerBytes {
    calculating: usize,
    held: usize,
}

/// Bytes counted in [`AnswerMemory`] until dropped.
#[derive(Debug)]
pub(crate) struct MemoryHold {
    memory: Arc<AnswerMemory>,
    bytes: usize,
    held: bool,
}

impl Drop for MemoryHold {
    fn drop(&mut self) {
        if self.bytes == 0 {
            return;
        }
        let mut using = lock(&self.memory.using);
        if self.held {
            using.held -= self.bytes;
        } else {
            using.calculating -= self.bytes;
        }
        drop(using);
        self.memory.freed.notify_waiters();
    }
}

impl AnswerMemory {
    fn new(limit: AnswerMemoryLimit) -> Self {
        Self {
            limit,
            using: Mutex::new(AnswerBytes::default()),
            freed: tokio::sync::Notify::new(),
        }
    }

    /// Whether a heavy request expecting an answer of `expected` bytes may queue: not while
    /// the answers already made and waiting for their clients leave too little room. (One
    /// answer alone is always allowed, however large.)
    fn admits(&self, expected: usize) -> Result<(), ApiError> {
        let held = lock(&self.using).held;
        if held == 0 || held + expected <= self.limit.bytes {
            Ok(())
        } else {
            Err(self.full("the answers waiting for their clients fill the memory for answers"))
        }
    }

    /// 503 `overloaded`: memory frees at the latest when the clients that do not read are
    /// dropped.
    fn full(&self, why: &str) -> ApiError {
        let retry_after = self.limit.released_within.as_secs().clamp(1, 60);
        ApiError::overloaded(format!("{why}; retry in {retry_after} s"))
            .with_retry_after(retry_after)
    }

    /// Reserves `bytes` for a calculation once they fit beside what is held (at once when
    /// nothing is), waiting at most `within`.
    async fn reserve(self: &Arc<Self>, bytes: usize, within: Duration) -> Option<MemoryHold> {
        let hold = |memory: &Arc<Self>| MemoryHold {
            memory: Arc::clone(memory),
            bytes,
            held: false,
        };
        if bytes == 0 {
            return Some(hold(self));
        }
        let reserved = async {
            loop {
                let freed = self.freed.notified();
                tokio::pin!(freed);
                freed.as_mut().enable();
                {
                    let mut using = lock(&self.using);
                    let total = using.calculating + using.held;
                    if total == 0 || total + bytes <= self.limit.bytes {
                        using.calculating += bytes;
                        return hold(self);
                    }
                }
                freed.await;
            }
        };
        tokio::time::timeout(within, reserved).await.ok()
    }

    /// Counts a response's body until it is written or dropped, if it is long enough to count.
    fn hold_answer(self: &Arc<Self>, response: Response) -> Response {
        let bytes = response
            .body()
            .size_hint()
            .exact()
            .and_then(|bytes| usize::try_from(bytes).ok())
            .unwrap_or(0);
        if bytes < COUNTED_ANSWER_BYTES {
            return response;
        }
        lock(&self.using).held += bytes;
        let hold = MemoryHold {
            memory: Arc::clone(self),
            bytes,
            held: true,
        };
        response.map(|body| Body::new(BodyWith::new(body, hold)))
    }
}

/// The class [`admit`] admitted the current request with, if it did.
pub(crate) fn admitted_class() -> Option<CostClass> {
    ADMITTED.try_with(|admission| lock(admission).class).ok()
}

/// The place [`admit`] took for the current request, once.
fn admitted_ticket() -> Option<Ticket> {
    ADMITTED
        .try_with(|admission| lock(admission).ticket.take())
        .ok()
        .flatten()
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // The counters are plain numbers; a panic elsewhere cannot leave them half-written.
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("non-string panic")
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: AnswerMemoryLimit = AnswerMemoryLimit {
        bytes: 100,
        released_within: Duration::from_secs(20),
    };

    #[tokio::test(start_paused = true)]
    async fn answers_waiting_for_their_clients_bound_what_heavy_requests_may_start() {
        let memory = Arc::new(AnswerMemory::new(LIMIT));
        // Nothing held: even an answer past the whole limit may be made.
        let huge = memory.reserve(500, Duration::ZERO).await.unwrap();
        drop(huge);
        // A calculation reserved 60: another expecting 50 waits, and gives up after its time.
        let first = memory.reserve(60, Duration::ZERO).await.unwrap();
        assert!(memory.reserve(50, Duration::from_secs(1)).await.is_none());
        drop(first);
        // Short answers are not counted; a long one is held by a client that does not read it,
        // and a request expecting 50 more is refused at once, with the write timeout as
        // `Retry-After`.
        let short = memory.hold_answer(Body::from(vec![b' '; 60]).into_response());
        assert_eq!(lock(&memory.using).held, 0);
        drop(short);
        let long = vec![b' '; COUNTED_ANSWER_BYTES];
        let held = memory.hold_answer(Body::from(long).into_response());
        assert_eq!(lock(&memory.using).held, COUNTED_ANSWER_BYTES);
        let refused = memory.admits(50).unwrap_err();
        assert_eq!(refused.code(), "overloaded");
        assert_eq!(refused.retry_after(), Some(20));
        // A calculation waiting for room starts when the held answer goes.
        let waiting = {
            let memory = Arc::clone(&memory);
            tokio::spawn(async move { memory.reserve(50, Duration::from_secs(5)).await })
        };
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished());
        drop(held);
        assert_eq!(lock(&memory.using).held, 0);
        let reserved = waiting
            .await
            .unwrap()
            .expect("room after the held answer left");
        assert_eq!(lock(&memory.using).calculating, 50);
        drop(reserved);
        assert_eq!(lock(&memory.using).calculating, 0);
        assert!(memory.admits(50).is_ok());
    }

    #[test]
    fn the_estimate_follows_large_answers_at_once_and_small_ones_slowly() {
        let estimate = AtomicUsize::new(800);
        update_estimate(&estimate, 1600);
        assert_eq!(estimate.load(Ordering::Relaxed), 1600);
        update_estimate(&estimate, 0);
        assert_eq!(estimate.load(Ordering::Relaxed), 1400);
    }

    #[test]
    fn work_run_here_returns_its_answer_and_a_panic_becomes_a_500() {
        let compute = Compute::new(Some(1), LIMIT).unwrap();
        assert_eq!(compute.run_here(|| Ok(42)).unwrap(), 42);
        let refused = compute
            .run_here(|| -> Result<(), ApiError> { Err(ApiError::invalid_input("no")) })
            .unwrap_err();
        assert_eq!(refused.code(), "invalid_input");
        let panicked = compute
            .run_here(|| -> Result<(), ApiError> { panic!("boom") })
            .unwrap_err();
        assert_eq!(panicked.code(), "internal_error");
    }

    #[test]
    fn a_key_cannot_take_more_than_its_share_and_places_come_back() {
        let lane = Lane::new("test", 1, 1, 4, 2, false).unwrap();
        lane.job_micros.store(1_000_000, Ordering::Relaxed);
        let first = lane.admit(Some(1)).unwrap();
        let _second = lane.admit(Some(1)).unwrap();
        let refused = lane.admit(Some(1)).unwrap_err();
        assert_eq!(refused.code(), "overloaded");
        // Two jobs ahead of it and its own, one second each, on one slot.
        assert_eq!(refused.retry_after(), Some(3));
        // Another key still gets in, up to the lane's capacity.
        let _third = lane.admit(Some(2)).unwrap();
        let _fourth = lane.admit(None).unwrap();
        assert_eq!(lane.admit(Some(3)).unwrap_err().code(), "overloaded");
        drop(first);
        assert!(
            lane.admit(Some(1)).is_ok(),
            "a finished job gives its place back"
        );
    }
}
