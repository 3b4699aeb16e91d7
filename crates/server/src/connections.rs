//! The accept loop: connection timeouts, a cap on open connections, and graceful shutdown.
//!
//! hyper's own `header_read_timeout` also covers the wait for the next request on a kept-alive
//! connection (hyper PR #3828, since 1.6), so it cannot give a short header timeout and a long
//! idle timeout at once. It is switched off; each connection instead has a watchdog that knows
//! three phases:
//! - **waiting for headers** (from accept, or from the first byte of the next request on a
//!   kept-alive connection): closed after the header timeout;
//! - **a request in flight** (from its headers until its response body has been written): never
//!   closed by the watchdog, except when the request body has not fully arrived within the body
//!   timeout, which closes the connection at once (no answer: the client is not reading one);
//! - **idle** (after a response, no byte of a next request yet): closed after the idle timeout.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, Response};
use bytes::Bytes;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use crate::settings::ConnectionSettings;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

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
    let graceful = GracefulShutdown::new();
    let mut builder = auto::Builder::new(TokioExecutor::new());
    // The watchdog times headers and idleness; see the module documentation.
    builder.http1().header_read_timeout(None).keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        // Past the cap, stop calling accept(): new connections wait in the kernel's backlog
        // (they are neither refused nor reset) until a slot frees.
        let slot = tokio::select! {
            () = &mut shutdown => break,
            slot = Arc::clone(&slots).acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => break,
            },
        };
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
        // Small responses go out at once rather than waiting for more to send.
        let _ = stream.set_nodelay(true);
        let activity = Arc::new(Activity::new(Instant::now()));
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
        tokio::spawn(async move {
            tokio::select! {
                result = connection => {
                    if let Err(error) = result {
                        tracing::debug!(%error, %peer, "connection ended with an error");
                    }
                }
                reason = watchdog(&activity, settings) => {
                    tracing::debug!(%peer, reason, "connection closed by the server");
                }
            }
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

/// What one connection is doing, shared by its reader, its requests and its watchdog.
#[derive(Debug)]
struct Activity {
    state: Mutex<Phase>,
    changed: Notify,
}

#[derive(Debug, Clone, Copy)]
struct Phase {
    in_flight: usize,
    /// When the connection last had no request in flight.
    idle_since: Instant,
    /// When the next request's first byte arrived (or the connection was accepted), while no
    /// request is in flight.
    request_begun: Option<Instant>,
    body_timed_out: bool,
}

/// What the watchdog should do next.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Close(&'static str),
    WaitUntil(Instant),
    WaitForChange,
}

impl Activity {
    fn new(accepted: Instant) -> Self {
        Self {
            state: Mutex::new(Phase {
                in_flight: 0,
                idle_since: accepted,
                // A new connection owes its first request's headers from the start.
                request_begun: Some(accepted),
                body_timed_out: false,
            }),
            changed: Notify::new(),
        }
    }

    fn phase(&self) -> MutexGuard<'_, Phase> {
        // A phase is plain values; a panic elsewhere cannot leave it half-written.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn bytes_read(&self) {
        let mut phase = self.phase();
        if phase.in_flight == 0 && phase.request_begun.is_none() {
            phase.request_begun = Some(Instant::now());
            drop(phase);
            self.changed.notify_one();
        }
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

    fn verdict(&self, now: Instant, settings: ConnectionSettings) -> Verdict {
        let phase = *self.phase();
        let (deadline, reason) = if phase.body_timed_out {
            return Verdict::Close("the request body did not arrive within the body timeout");
        } else if phase.in_flight > 0 {
            return Verdict::WaitForChange;
        } else if let Some(begun) = phase.request_begun {
            (
                begun + settings.header_timeout,
                "the request headers did not arrive within the header timeout",
            )
        } else {
            (
                phase.idle_since + settings.idle_timeout,
                "the connection stayed idle for the idle timeout",
            )
        };
        if now >= deadline {
            Verdict::Close(reason)
        } else {
            Verdict::WaitUntil(deadline)
        }
    }
}

/// Resolves (with the reason) when the connection should be closed.
async fn watchdog(activity: &Activity, settings: ConnectionSettings) -> &'static str {
    loop {
        match activity.verdict(Instant::now(), settings) {
            Verdict::Close(reason) => return reason,
            Verdict::WaitForChange => activity.changed.notified().await,
            Verdict::WaitUntil(deadline) => {
                tokio::select! {
                    () = tokio::time::sleep_until(deadline) => {}
                    () = activity.changed.notified() => {}
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

/// The socket, noting when bytes arrive.
struct WatchedIo {
    stream: TcpStream,
    activity: Arc<Activity>,
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
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
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
/// body under its deadline and tracks the request until its response is written.
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
        let mut request = request.map(|body| {
            Body::new(DeadlineBody {
                body,
                deadline,
                activity,
            })
        });
        request.extensions_mut().insert(ConnectInfo(self.peer));
        let router = self.router.clone();
        Box::pin(async move {
            let response = router.oneshot(request).await?;
            Ok(response.map(|body| {
                Body::new(TrackedBody {
                    body,
                    _in_flight: in_flight,
                })
            }))
        })
    }
}

/// A request body that must arrive in full before its deadline.
struct DeadlineBody {
    body: Incoming,
    deadline: Pin<Box<Sleep>>,
    activity: Arc<Activity>,
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
        Pin::new(&mut self.body)
            .poll_frame(cx)
            .map(|frame| frame.map(|result| result.map_err(BoxError::from)))
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        http_body::Body::size_hint(&self.body)
    }
}

/// A response body that keeps its request counted as in flight until it is dropped.
struct TrackedBody {
    body: Body,
    _in_flight: InFlight,
}

impl http_body::Body for TrackedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        http_body::Body::size_hint(&self.body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETTINGS: ConnectionSettings = ConnectionSettings {
        header_timeout: Duration::from_secs(10),
        body_timeout: Duration::from_secs(30),
        idle_timeout: Duration::from_secs(60),
        max_connections: 1,
    };

    #[tokio::test(start_paused = true)]
    async fn the_phases_choose_the_deadline() {
        let accepted = Instant::now();
        let activity = Arc::new(Activity::new(accepted));
        // A new connection owes its headers within the header timeout.
        assert_eq!(
            activity.verdict(accepted, SETTINGS),
            Verdict::WaitUntil(accepted + SETTINGS.header_timeout)
        );
        assert!(matches!(
            activity.verdict(accepted + SETTINGS.header_timeout, SETTINGS),
            Verdict::Close(_)
        ));
        // A request in flight is never timed out by the watchdog.
        let in_flight = activity.request_started();
        assert_eq!(
            activity.verdict(accepted + Duration::from_secs(3600), SETTINGS),
            Verdict::WaitForChange
        );
        // After the response, the idle timeout runs...
        tokio::time::advance(Duration::from_secs(5)).await;
        drop(in_flight);
        let idle = Instant::now();
        assert_eq!(
            activity.verdict(idle, SETTINGS),
            Verdict::WaitUntil(idle + SETTINGS.idle_timeout)
        );
        // ...until a byte of the next request arrives: then the header timeout.
        tokio::time::advance(Duration::from_secs(30)).await;
        activity.bytes_read();
        let begun = Instant::now();
        assert_eq!(
            activity.verdict(begun, SETTINGS),
            Verdict::WaitUntil(begun + SETTINGS.header_timeout)
        );
        // A body past its deadline closes at once, even with the request in flight.
        let _request = activity.request_started();
        activity.body_timed_out();
        assert!(matches!(
            activity.verdict(begun, SETTINGS),
            Verdict::Close(_)
        ));
    }

    #[tokio::test(start_paused = true)]
    async fn the_watchdog_wakes_on_changes() {
        let activity = Arc::new(Activity::new(Instant::now()));
        let in_flight = activity.request_started();
        let watched = Arc::clone(&activity);
        let watchdog = tokio::spawn(async move { watchdog(&watched, SETTINGS).await });
        tokio::time::advance(Duration::from_secs(120)).await;
        tokio::task::yield_now().await;
        assert!(!watchdog.is_finished(), "closed with a request in flight");
        drop(in_flight);
        let reason = watchdog.await.unwrap();
        assert!(reason.contains("idle"), "{reason}");
    }
}
