//! The accept loop: connection timeouts, caps on open connections, and graceful shutdown.
//!
//! hyper's own `header_read_timeout` also covers the wait for the next request on a kept-alive
//! connection (hyper PR #3828, since 1.6), so it cannot give a short header timeout and a long
//! idle timeout at once. It is switched off; each connection instead has a watchdog that knows
//! three phases:
//! - **waiting for headers** (from accept, or from the first byte of the next request on a
//!   kept-alive connection): closed after the header timeout;
//! - **a request in flight** (from its headers until its response body has been written): not
//!   closed for its duration, only when the request body has not fully arrived within the body
//!   timeout (closed at once, no answer: the client is not reading one);
//! - **idle** (after a response, no byte of a next request yet): closed after the idle timeout.
//!
//! In every phase, a write that has been waiting for the client to take more of its response
//! for the write timeout closes the connection: a client that does not read cannot hold its
//! answer in memory for longer (docs/OPERATIONS.md, Memory).
//!
//! **Caps.** At most `max_connections` are served at once. A new connection past the cap, or
//! past its address's share (`max_connections_per_address`), makes room by closing the
//! connection (of that address, for the share) that has waited longest for its request headers,
//! so that connections that never finish a request (slowloris) cannot keep others out; only
//! when none is waiting for headers do new connections wait in the kernel's accept backlog.
//! While connections are being closed that way, or three quarters of the cap are open, the
//! header and idle timeouts tighten ([`PRESSURED_HEADER_TIMEOUT`], [`PRESSURED_IDLE_TIMEOUT`]).
//!
//! **Unread request bodies.** A response sent before its request body was read (a 401 for a
//! POST without a key, a 405) would make hyper close the connection after it without saying so.
//! The body is read and discarded instead (up to the body limit, within
//! [`UNREAD_BODY_WAIT`]), so the connection stays usable; if that fails the response says
//! `Connection: close`.

use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header::CONNECTION;
use axum::http::{HeaderValue, Request, Response, Version};
use bytes::Bytes;
use http_body::{Body as _, Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, TryAcquireError};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use crate::client_address::throttle_key;
use crate::json::BODY_LIMIT_BYTES;
use crate::settings::ConnectionSettings;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The header timeout while the connections are under pressure (see the module documentation):
/// long enough for a client on a slow network to send a request's headers, short enough that
/// connections that never finish them come and go quickly.
pub const PRESSURED_HEADER_TIMEOUT: Duration = Duration::from_secs(2);
/// The idle timeout under pressure: a kept-alive connection waiting for nothing gives its place
/// back sooner.
pub const PRESSURED_IDLE_TIMEOUT: Duration = Duration::from_secs(5);
/// How long the pressure lasts after the last connection closed for a new one.
const PRESSURE_HOLD: Duration = Duration::from_secs(10);
/// A connection is closed for a new one only after waiting this long for its headers: a
/// client's headers that arrived with its connection are read before then, and it bounds how
/// fast connections that are closed and reopened at once can make the server churn.
const EVICT_AFTER: Duration = Duration::from_millis(50);
/// A connection past its address's share closes one of the address's own that has waited at
/// least this long for its headers: slowloris connections live long; this bounds the churn of
/// an address that reopens every connection at once.
const ADDRESS_EVICT_AFTER: Duration = Duration::from_secs(1);
/// The most a connection buffers of a request's head (and of a response beyond the piece being
/// written): 16 KB, twice nginx's default for one header line, so that thousands of open
/// connections cannot take much memory by sending long heads.
const CONNECTION_BUFFER_BYTES: usize = 16 * 1024;
/// How long a response waits for the rest of a request body its handler did not read.
pub const UNREAD_BODY_WAIT: Duration = Duration::from_secs(2);

/// Serves `router` on `listener` until `shutdown` completes, then stops accepting and lets the
/// requests in flight finish for at most `drain`.
pub async fn serve_connections(
    listener: TcpListener,
    router: Router,
    settings: ConnectionSettings,
    shutdown: impl Future<Output = ()> + Send,
    drain: Duration,
) {
    let slots = Arc::new(Semaphore::new(settings.max_connections));
    let open = Arc::new(OpenConnections::new(settings));
    let graceful = GracefulShutdown::new();
    let mut builder = auto::Builder::new(TokioExecutor::new());
    // The watchdog times headers and idleness; see the module documentation.
    builder
        .http1()
        .header_read_timeout(None)
        .keep_alive(true)
        .max_buf_size(CONNECTION_BUFFER_BYTES);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: wait rather than spin.
                    tracing::warn!(%error, "accept failed; retrying in 100 ms");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let Some(slot) = open.make_room(&slots, &mut shutdown).await else {
            break;
        };
        // Small responses go out at once rather than waiting for more to send.
        let _ = stream.set_nodelay(true);
        let activity = open.register(peer.ip(), Instant::now());
        let io = TokioIo::new(WatchedIo {
            stream,
            activity: Arc::clone(&activity),
        });
        let service = ConnectionService {
            router: router.clone(),
            activity: Arc::clone(&activity),
            peer,
            body_timeout: settings.body_timeout,
        };
        let connection = graceful.watch(builder.serve_connection(io, service).into_owned());
        let open = Arc::clone(&open);
        tokio::spawn(async move {
            tokio::select! {
                result = connection => {
                    if let Err(error) = result {
                        tracing::debug!(%error, %peer, "connection ended with an error");
                    }
                }
                reason = watchdog(&activity, &open) => {
                    tracing::debug!(%peer, reason, "connection closed by the server");
                }
            }
            open.closed(&activity);
            drop(slot);
        });
    }
    drop(listener);
    let open = graceful.count();
    if open > 0 {
        tracing::info!(open, "draining connections");
    }
    if tokio::time::timeout(drain, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(
            drain_secs = drain.as_secs(),
            "requests still in flight after the drain time; closing their connections"
        );
    }
}

/// The open connections in the order they were accepted, how many each address holds, and
/// whether they are under pressure.
#[derive(Debug)]
struct OpenConnections {
    settings: ConnectionSettings,
    registry: Mutex<Registry>,
    open: AtomicUsize,
    pressure: Pressure,
}

#[derive(Debug, Default)]
struct Registry {
    /// Oldest first; closed connections leave from the front, or all at once when the queue
    /// has grown to twice the cap.
    accepted: VecDeque<Arc<Activity>>,
    per_address: HashMap<IpAddr, usize>,
}

impl OpenConnections {
    fn new(settings: ConnectionSettings) -> Self {
        Self {
            settings,
            registry: Mutex::new(Registry::default()),
            open: AtomicUsize::new(0),
            pressure: Pressure::new(),
        }
    }

    fn registry(&self) -> MutexGuard<'_, Registry> {
        self.registry.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A slot for one more connection: at once while under the cap; else after closing the
    /// connection that has waited longest for its headers; else (none waits for headers) once
    /// a connection ends. `None` when `shutdown` came first.
    async fn make_room(
        &self,
        slots: &Arc<Semaphore>,
        shutdown: &mut Pin<&mut impl Future<Output = ()>>,
    ) -> Option<OwnedSemaphorePermit> {
        loop {
            match Arc::clone(slots).try_acquire_owned() {
                Ok(slot) => return Some(slot),
                Err(TryAcquireError::Closed) => return None,
                Err(TryAcquireError::NoPermits) => {}
            }
            // An evicted connection gives its slot back within a moment; if none could be
            // evicted, one that waits now may qualify after `EVICT_AFTER`.
            self.evict_waiting(None, EVICT_AFTER, Instant::now());
            tokio::select! {
                () = shutdown.as_mut() => return None,
                slot = Arc::clone(slots).acquire_owned() => return slot.ok(),
                () = tokio::time::sleep(EVICT_AFTER) => {}
            }
        }
    }

    /// Records a new connection from `peer`; past the address's share, first closes the
    /// address's own connection that has waited longest for its headers.
    fn register(&self, peer: IpAddr, now: Instant) -> Arc<Activity> {
        let address = throttle_key(peer);
        let activity = Arc::new(Activity::new(address, now));
        let held = {
            let mut registry = self.registry();
            if registry.accepted.len() >= 2 * self.settings.max_connections {
                registry.accepted.retain(|activity| !activity.has_ended());
            }
            registry.accepted.push_back(Arc::clone(&activity));
            let held = registry.per_address.entry(address).or_insert(0);
            *held += 1;
            *held
        };
        if held > self.settings.max_connections_per_address {
            self.evict_waiting(Some(address), ADDRESS_EVICT_AFTER, now);
        }
        let open = self.open.fetch_add(1, Ordering::Relaxed) + 1;
        if open * 4 >= self.settings.max_connections * 3 {
            self.pressure.raise(now);
        }
        activity
    }

    fn closed(&self, activity: &Activity) {
        activity.ended.store(true, Ordering::Relaxed);
        self.open.fetch_sub(1, Ordering::Relaxed);
        let mut registry = self.registry();
        if let Some(held) = registry.per_address.get_mut(&activity.address) {
            *held -= 1;
            if *held == 0 {
                registry.per_address.remove(&activity.address);
            }
        }
        while registry
            .accepted
            .front()
            .is_some_and(|activity| activity.has_ended())
        {
            registry.accepted.pop_front();
        }
    }

    /// Closes the oldest connection (of `address`, if given) that has waited at least `after`
    /// for its request headers. Returns whether there was one.
    fn evict_waiting(&self, address: Option<IpAddr>, after: Duration, now: Instant) -> bool {
        let victim = {
            let registry = self.registry();
            registry
                .accepted
                .iter()
                .find(|activity| {
                    address.is_none_or(|address| activity.address == address)
                        && activity
                            .waiting_for_headers_since()
                            .is_some_and(|since| now.saturating_duration_since(since) >= after)
                })
                .cloned()
        };
        let Some(victim) = victim else {
            return false;
        };
        victim.evict();
        self.pressure.raise(now);
        true
    }

    /// The header and idle timeouts now.
    fn timeouts(&self, now: Instant) -> (Duration, Duration) {
        let settings = self.settings;
        if self.pressure.is_raised(now) {
            (
                settings.header_timeout.min(PRESSURED_HEADER_TIMEOUT),
                settings.idle_timeout.min(PRESSURED_IDLE_TIMEOUT),
            )
        } else {
            (settings.header_timeout, settings.idle_timeout)
        }
    }
}

/// Whether the connections are under pressure: until [`PRESSURE_HOLD`] after it was last
/// raised. Raising it wakes every watchdog, so their tighter deadlines apply at once.
#[derive(Debug)]
struct Pressure {
    since_start: std::time::Instant,
    /// Milliseconds after `since_start` until which the pressure holds.
    until_ms: std::sync::atomic::AtomicU64,
    raised: Notify,
}

impl Pressure {
    fn new() -> Self {
        Self {
            since_start: std::time::Instant::now(),
            until_ms: std::sync::atomic::AtomicU64::new(0),
            raised: Notify::new(),
        }
    }

    fn millis(&self, at: Instant) -> u64 {
        u64::try_from(
            at.into_std()
                .saturating_duration_since(self.since_start)
                .as_millis(),
        )
        .unwrap_or(u64::MAX)
    }

    fn raise(&self, now: Instant) {
        let now_ms = self.millis(now);
        let until = now_ms + u64::try_from(PRESSURE_HOLD.as_millis()).unwrap_or(u64::MAX);
        let before = self.until_ms.fetch_max(until, Ordering::Relaxed);
        if before <= now_ms {
            self.raised.notify_waiters();
        }
    }

    fn is_raised(&self, now: Instant) -> bool {
        self.until_ms.load(Ordering::Relaxed) > self.millis(now)
    }
}

/// What one connection is doing, shared by its reader, its writer, its requests and its
/// watchdog.
#[derive(Debug)]
struct Activity {
    /// The client's address as connections are counted (an IPv6 /64).
    address: IpAddr,
    state: Mutex<Phase>,
    changed: Notify,
    ended: AtomicBool,
}

#[derive(Debug, Clone, Copy)]
struct Phase {
    in_flight: usize,
    /// When the connection last had no request in flight.
    idle_since: Instant,
    /// When the next request's first byte arrived (or the connection was accepted), while no
    /// request is in flight.
    request_begun: Option<Instant>,
    /// Since when a write has been waiting for the client to take more of the response.
    write_blocked_since: Option<Instant>,
    body_timed_out: bool,
    /// Closed for a new connection past a cap.
    evicted: bool,
}

/// What the watchdog should do next.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Close(&'static str),
    WaitUntil(Instant),
    WaitForChange,
}

impl Activity {
    fn new(address: IpAddr, accepted: Instant) -> Self {
        Self {
            address,
            state: Mutex::new(Phase {
                in_flight: 0,
                idle_since: accepted,
                // A new connection owes its first request's headers from the start.
                request_begun: Some(accepted),
                write_blocked_since: None,
                body_timed_out: false,
                evicted: false,
            }),
            changed: Notify::new(),
            ended: AtomicBool::new(false),
        }
    }

    fn phase(&self) -> MutexGuard<'_, Phase> {
        // A phase is plain values; a panic elsewhere cannot leave it half-written.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn has_ended(&self) -> bool {
        self.ended.load(Ordering::Relaxed)
    }

    fn bytes_read(&self) {
        let mut phase = self.phase();
        if phase.in_flight == 0 && phase.request_begun.is_none() {
            phase.request_begun = Some(Instant::now());
            drop(phase);
            self.changed.notify_one();
        }
    }

    fn write_blocked(&self) {
        let mut phase = self.phase();
        if phase.write_blocked_since.is_none() {
            phase.write_blocked_since = Some(Instant::now());
            drop(phase);
            self.changed.notify_one();
        }
    }

    fn wrote(&self) {
        // The watchdog wakes at the old deadline and finds nothing blocked.
        self.phase().write_blocked_since = None;
    }

    fn request_started(self: &Arc<Self>) -> InFlight {
        let mut phase = self.phase();
        phase.in_flight += 1;
        phase.request_begun = None;
        drop(phase);
        self.changed.notify_one();
        InFlight(Arc::clone(self))
    }

    fn request_finished(&self) {
        let mut phase = self.phase();
        phase.in_flight -= 1;
        if phase.in_flight == 0 {
            phase.idle_since = Instant::now();
            phase.request_begun = None;
        }
        drop(phase);
        self.changed.notify_one();
    }

    fn body_timed_out(&self) {
        self.phase().body_timed_out = true;
        self.changed.notify_one();
    }

    /// Since when the connection has waited for a request's headers, if it does (and was not
    /// closed already).
    fn waiting_for_headers_since(&self) -> Option<Instant> {
        let phase = self.phase();
        if phase.in_flight > 0 || phase.evicted || self.has_ended() {
            return None;
        }
        phase.request_begun
    }

    fn evict(&self) {
        self.phase().evicted = true;
        self.changed.notify_one();
    }

    /// `header_timeout` and `idle_timeout` are the ones in force now (tighter under pressure).
    fn verdict(
        &self,
        now: Instant,
        settings: ConnectionSettings,
        (header_timeout, idle_timeout): (Duration, Duration),
    ) -> Verdict {
        let phase = *self.phase();
        if phase.evicted {
            return Verdict::Close(
                "closed for a new connection: it waited longest for its request headers",
            );
        }
        if phase.body_timed_out {
            return Verdict::Close("the request body did not arrive within the body timeout");
        }
        let phase_deadline = if phase.in_flight > 0 {
            None
        } else if let Some(begun) = phase.request_begun {
            Some((
                begun + header_timeout,
                "the request headers did not arrive within the header timeout",
            ))
        } else {
            Some((
                phase.idle_since + idle_timeout,
                "the connection stayed idle for the idle timeout",
            ))
        };
        let write_deadline = phase.write_blocked_since.map(|since| {
            (
                since + settings.write_timeout,
                "the client did not take its response within the write timeout",
            )
        });
        let deadline = match (phase_deadline, write_deadline) {
            (Some(a), Some(b)) => Some(if b.0 < a.0 { b } else { a }),
            (a, b) => a.or(b),
        };
        match deadline {
            None => Verdict::WaitForChange,
            Some((deadline, reason)) if now >= deadline => Verdict::Close(reason),
            Some((deadline, _)) => Verdict::WaitUntil(deadline),
        }
    }
}

/// Resolves (with the reason) when the connection should be closed.
async fn watchdog(activity: &Activity, open: &OpenConnections) -> &'static str {
    loop {
        // Registered before the verdict is taken, so a rise in between is not missed.
        let raised = open.pressure.raised.notified();
        tokio::pin!(raised);
        raised.as_mut().enable();
        let now = Instant::now();
        match activity.verdict(now, open.settings, open.timeouts(now)) {
            Verdict::Close(reason) => return reason,
            Verdict::WaitForChange => {
                tokio::select! {
                    () = activity.changed.notified() => {}
                    () = raised => {}
                }
            }
            Verdict::WaitUntil(deadline) => {
                tokio::select! {
                    () = tokio::time::sleep_until(deadline) => {}
                    () = activity.changed.notified() => {}
                    () = raised => {}
                }
            }
        }
    }
}

/// Marks a request in flight until its response body is dropped (fully written, or the
/// connection gone).
#[derive(Debug)]
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.request_finished();
    }
}

/// The socket, noting when bytes arrive and when writes wait for the client.
struct WatchedIo {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl WatchedIo {
    fn note_write(&self, polled: &Poll<io::Result<usize>>) {
        match polled {
            Poll::Pending => self.activity.write_blocked(),
            Poll::Ready(Ok(written)) if *written > 0 => self.activity.wrote(),
            Poll::Ready(_) => {}
        }
    }
}

impl AsyncRead for WatchedIo {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.bytes_read();
        }
        polled
    }
}

impl AsyncWrite for WatchedIo {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.note_write(&polled);
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.note_write(&polled);
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// One connection's view of the router: records the peer address (`ConnectInfo`), puts the
/// body under its deadline, reads what its handler left of it, and tracks the request until
/// its response is written.
#[derive(Clone)]
struct ConnectionService {
    router: Router,
    activity: Arc<Activity>,
    peer: SocketAddr,
    body_timeout: Duration,
}

impl hyper::service::Service<Request<Incoming>> for ConnectionService {
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, Infallible>> + Send>>;

    fn call(&self, request: Request<Incoming>) -> Self::Future {
        let in_flight = self.activity.request_started();
        let deadline = Box::pin(tokio::time::sleep(self.body_timeout));
        let activity = Arc::clone(&self.activity);
        let unread = Arc::new(Mutex::new(None));
        let http1 = request.version() <= Version::HTTP_11;
        let mut request = request.map(|body| {
            Body::new(DeadlineBody {
                body: Some(body),
                deadline,
                activity,
                read: 0,
                unread: Arc::clone(&unread),
            })
        });
        request.extensions_mut().insert(ConnectInfo(self.peer));
        let router = self.router.clone();
        Box::pin(async move {
            let mut response = router.oneshot(request).await?;
            // The handler answered without reading the whole body (the request is dropped by
            // now): read the rest, so that the connection can carry the next request.
            let left = unread.lock().unwrap_or_else(PoisonError::into_inner).take();
            if let Some(left) = left
                && http1
                && !left.discard().await
            {
                response
                    .headers_mut()
                    .insert(CONNECTION, HeaderValue::from_static("close"));
            }
            Ok(response.map(|body| Body::new(BodyWith::new(body, in_flight))))
        })
    }
}

/// A request body that must arrive in full before its deadline.
struct DeadlineBody {
    /// `None` once handed over as [`UnreadBody`].
    body: Option<Incoming>,
    deadline: Pin<Box<Sleep>>,
    activity: Arc<Activity>,
    /// Bytes read so far.
    read: usize,
    /// Where the body goes when it is dropped unread.
    unread: Arc<Mutex<Option<UnreadBody>>>,
}

impl http_body::Body for DeadlineBody {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        if self.deadline.as_mut().poll(cx).is_ready() {
            self.activity.body_timed_out();
            return Poll::Ready(Some(Err(
                "the request body did not arrive within the body timeout".into(),
            )));
        }
        let Some(body) = self.body.as_mut() else {
            return Poll::Ready(None);
        };
        let polled = Pin::new(body)
            .poll_frame(cx)
            .map(|frame| frame.map(|result| result.map_err(BoxError::from)));
        if let Poll::Ready(Some(Ok(frame))) = &polled
            && let Some(data) = frame.data_ref()
        {
            self.read += data.len();
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.body
            .as_ref()
            .is_none_or(http_body::Body::is_end_stream)
    }

    fn size_hint(&self) -> SizeHint {
        self.body
            .as_ref()
            .map_or_else(|| SizeHint::with_exact(0), http_body::Body::size_hint)
    }
}

impl Drop for DeadlineBody {
    fn drop(&mut self) {
        if let Some(body) = self.body.take()
            && !body.is_end_stream()
        {
            *self.unread.lock().unwrap_or_else(PoisonError::into_inner) = Some(UnreadBody {
                body,
                allowance: BODY_LIMIT_BYTES.saturating_sub(self.read),
            });
        }
    }
}

/// What a handler left unread of a request body.
struct UnreadBody {
    body: Incoming,
    /// Bytes that may still come within the body limit.
    allowance: usize,
}

impl UnreadBody {
    /// Reads and discards the rest, if it is within the body limit and arrives within
    /// [`UNREAD_BODY_WAIT`]. Returns whether it did (the connection may then go on).
    async fn discard(mut self) -> bool {
        if http_body::Body::size_hint(&self.body).lower() > self.allowance as u64 {
            return false;
        }
        let read_all = async {
            loop {
                let frame =
                    std::future::poll_fn(|cx| Pin::new(&mut self.body).poll_frame(cx)).await;
                match frame {
                    None => return true,
                    Some(Ok(frame)) => {
                        let length = frame.data_ref().map_or(0, Bytes::len);
                        match self.allowance.checked_sub(length) {
                            Some(left) => self.allowance = left,
                            None => return false,
                        }
                    }
                    Some(Err(_)) => return false,
                }
            }
        };
        tokio::time::timeout(UNREAD_BODY_WAIT, read_all)
            .await
            .unwrap_or(false)
    }
}

/// Bytes of a response body handed to hyper at a time. hyper takes the next piece only when
/// its write buffer has room, so an answer made in one piece still reaches the socket as fast
/// as the client reads it, and [`BodyWith`] is dropped only when nearly all of it has been
/// written (not when hyper has queued it).
const RESPONSE_PIECE_BYTES: usize = 64 * 1024;

/// A response body, handed over in pieces of at most [`RESPONSE_PIECE_BYTES`], that holds
/// `guard` until it is dropped (fully written, or its connection gone): the request counted in
/// flight, the memory its answer is counted in.
pub(crate) struct BodyWith<G> {
    body: Body,
    /// The rest of a frame larger than a piece.
    pending: Bytes,
    _guard: G,
}

impl<G> BodyWith<G> {
    pub(crate) fn new(body: Body, guard: G) -> Self {
        Self {
            body,
            pending: Bytes::new(),
            _guard: guard,
        }
    }

    fn next_piece(&mut self) -> Frame<Bytes> {
        let length = self.pending.len().min(RESPONSE_PIECE_BYTES);
        Frame::data(self.pending.split_to(length))
    }
}

impl<G: Send + Unpin + 'static> http_body::Body for BodyWith<G> {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        if !self.pending.is_empty() {
            return Poll::Ready(Some(Ok(self.next_piece())));
        }
        match Pin::new(&mut self.body).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                Ok(data) => {
                    self.pending = data;
                    Poll::Ready(Some(Ok(self.next_piece())))
                }
                Err(frame) => Poll::Ready(Some(Ok(frame))),
            },
            polled => polled,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.pending.is_empty() && self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let inner = http_body::Body::size_hint(&self.body);
        let pending = self.pending.len() as u64;
        let mut hint = SizeHint::new();
        hint.set_lower(inner.lower() + pending);
        if let Some(upper) = inner.upper() {
            hint.set_upper(upper + pending);
        }
        hint
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETTINGS: ConnectionSettings = ConnectionSettings {
        header_timeout: Duration::from_secs(10),
        body_timeout: Duration::from_secs(30),
        idle_timeout: Duration::from_secs(60),
        write_timeout: Duration::from_secs(20),
        max_connections: 8,
        max_connections_per_address: 2,
    };
    const TIMEOUTS: (Duration, Duration) = (SETTINGS.header_timeout, SETTINGS.idle_timeout);
    const LOOPBACK: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    #[tokio::test(start_paused = true)]
    async fn the_phases_choose_the_deadline() {
        let accepted = Instant::now();
        let activity = Arc::new(Activity::new(LOOPBACK, accepted));
        // A new connection owes its headers within the header timeout.
        assert_eq!(
            activity.verdict(accepted, SETTINGS, TIMEOUTS),
            Verdict::WaitUntil(accepted + SETTINGS.header_timeout)
        );
        assert!(matches!(
            activity.verdict(accepted + SETTINGS.header_timeout, SETTINGS, TIMEOUTS),
            Verdict::Close(_)
        ));
        // A request in flight is not timed out by the watchdog while its answer is taken.
        let in_flight = activity.request_started();
        assert_eq!(
            activity.verdict(accepted + Duration::from_secs(3600), SETTINGS, TIMEOUTS),
            Verdict::WaitForChange
        );
        // ...but a write the client does not take closes it after the write timeout.
        activity.write_blocked();
        let blocked = Instant::now();
        assert_eq!(
            activity.verdict(blocked, SETTINGS, TIMEOUTS),
            Verdict::WaitUntil(blocked + SETTINGS.write_timeout)
        );
        assert!(matches!(
            activity.verdict(blocked + SETTINGS.write_timeout, SETTINGS, TIMEOUTS),
            Verdict::Close(reason) if reason.contains("write timeout")
        ));
        activity.wrote();
        assert_eq!(
            activity.verdict(blocked + SETTINGS.write_timeout, SETTINGS, TIMEOUTS),
            Verdict::WaitForChange
        );
        // After the response, the idle timeout runs...
        tokio::time::advance(Duration::from_secs(5)).await;
        drop(in_flight);
        let idle = Instant::now();
        assert_eq!(
            activity.verdict(idle, SETTINGS, TIMEOUTS),
            Verdict::WaitUntil(idle + SETTINGS.idle_timeout)
        );
        // ...tighter under pressure...
        let pressured = (PRESSURED_HEADER_TIMEOUT, PRESSURED_IDLE_TIMEOUT);
        assert_eq!(
            activity.verdict(idle, SETTINGS, pressured),
            Verdict::WaitUntil(idle + PRESSURED_IDLE_TIMEOUT)
        );
        // ...until a byte of the next request arrives: then the header timeout.
        tokio::time::advance(Duration::from_secs(30)).await;
        activity.bytes_read();
        let begun = Instant::now();
        assert_eq!(
            activity.verdict(begun, SETTINGS, TIMEOUTS),
            Verdict::WaitUntil(begun + SETTINGS.header_timeout)
        );
        assert_eq!(activity.waiting_for_headers_since(), Some(begun));
        // A body past its deadline closes at once, even with the request in flight.
        let _request = activity.request_started();
        assert_eq!(activity.waiting_for_headers_since(), None);
        activity.body_timed_out();
        assert!(matches!(
            activity.verdict(begun, SETTINGS, TIMEOUTS),
            Verdict::Close(_)
        ));
    }

    #[tokio::test]
    async fn a_long_body_is_handed_over_in_pieces_and_its_guard_held_to_the_end() {
        let guard = Arc::new(());
        let long = vec![7u8; 2 * RESPONSE_PIECE_BYTES + 10];
        let mut body = BodyWith::new(Body::from(long.clone()), Arc::clone(&guard));
        assert_eq!(body.size_hint().exact(), Some(long.len() as u64));
        let mut pieces = Vec::new();
        while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await
        {
            pieces.push(frame.unwrap().into_data().unwrap());
            assert_eq!(Arc::strong_count(&guard), 2, "held while pieces remain");
        }
        let lengths: Vec<_> = pieces.iter().map(Bytes::len).collect();
        assert_eq!(lengths, [RESPONSE_PIECE_BYTES, RESPONSE_PIECE_BYTES, 10]);
        assert_eq!(pieces.concat(), long);
        assert!(body.is_end_stream());
        drop(body);
        assert_eq!(Arc::strong_count(&guard), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn the_watchdog_wakes_on_changes() {
        let open = OpenConnections::new(SETTINGS);
        let activity = open.register(LOOPBACK, Instant::now());
        let in_flight = activity.request_started();
        let watched = Arc::clone(&activity);
        let watchdog = tokio::spawn(async move { watchdog(&watched, &open).await });
        tokio::time::advance(Duration::from_secs(120)).await;
        tokio::task::yield_now().await;
        assert!(!watchdog.is_finished(), "closed with a request in flight");
        drop(in_flight);
        let reason = watchdog.await.unwrap();
        assert!(reason.contains("idle"), "{reason}");
    }

    #[tokio::test(start_paused = true)]
    async fn past_an_addresss_share_its_longest_waiting_connection_is_closed() {
        let open = Arc::new(OpenConnections::new(SETTINGS));
        let other = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 7));
        // A connection of another address, waiting for its headers longest of all.
        let others = open.register(other, Instant::now());
        tokio::time::advance(Duration::from_millis(100)).await;
        // One of ours with a request in flight, one that waits for its headers.
        let busy = open.register(LOOPBACK, Instant::now());
        let _request = busy.request_started();
        let waiting = open.register(LOOPBACK, Instant::now());
        tokio::time::advance(ADDRESS_EVICT_AFTER).await;
        assert!(!open.pressure.is_raised(Instant::now()));
        let watched = Arc::clone(&waiting);
        let opened = Arc::clone(&open);
        let watchdog = tokio::spawn(async move { watchdog(&watched, &opened).await });
        tokio::task::yield_now().await;
        // A third connection of ours: past the share of two, our waiting one goes, not the
        // busy one nor the other address's.
        let newest = open.register(LOOPBACK, Instant::now());
        let reason = watchdog.await.unwrap();
        assert!(reason.contains("waited longest"), "{reason}");
        assert!(busy.waiting_for_headers_since().is_none());
        assert!(others.waiting_for_headers_since().is_some());
        // Closing for a new connection raises the pressure: tighter timeouts for everyone.
        let now = Instant::now();
        assert!(open.pressure.is_raised(now));
        assert_eq!(
            open.timeouts(now),
            (PRESSURED_HEADER_TIMEOUT, PRESSURED_IDLE_TIMEOUT)
        );
        // Past the whole cap, the longest waiting of any address goes; a connection younger
        // than `EVICT_AFTER` does not.
        assert!(open.evict_waiting(None, EVICT_AFTER, now));
        assert!(others.waiting_for_headers_since().is_none());
        assert!(
            !open.evict_waiting(None, EVICT_AFTER, now),
            "{newest:?} is too young"
        );
        tokio::time::advance(PRESSURE_HOLD).await;
        assert!(!open.pressure.is_raised(Instant::now()));
    }
}
